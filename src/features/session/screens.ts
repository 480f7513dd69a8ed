// Sign-in screens load with the app: #/login is the first thing most devices show.
import type { Screen } from '../../components/screen';
import { LoginPage } from './login-page';
import { ResetPage } from './reset-page';

export const screens: Screen[] = [
  { path: 'login', title: 'Sign in', roles: 'public', page: LoginPage },
  { path: 'reset', title: 'Reset password', roles: 'public', page: ResetPage },
];

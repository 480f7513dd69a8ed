// The public registration form (#/register) as a new school fills it in: the school, its
// coordinator and the coordinator's sign-in. The caller submits it.
import type { Page } from 'playwright-core';

export interface RegistrationForm {
  school: {
    name: string;
    town: string;
    state: string;
    region?: string;
    phone: string;
    govOrIndependent: 'Gov.' | 'Ind.';
  };
  coordinator: { firstname: string; lastname: string; mobile: string };
  email: string;
  password: string;
}

export async function fillRegistration(page: Page, form: RegistrationForm): Promise<void> {
  const school = page.getByRole('group', { name: 'School' });
  await school.getByLabel('School name').fill(form.school.name);
  await school.getByLabel('Town').fill(form.school.town);
  await school.getByLabel('State').selectOption({ label: form.school.state });
  if (form.school.region) await school.getByLabel('Region').selectOption(form.school.region);
  await school.getByLabel('Phone').fill(form.school.phone);
  await school.getByLabel('School type').selectOption('Co-ed');
  await school.getByLabel('School category').selectOption('Secondary');
  await school.getByLabel('Government or independent').selectOption(form.school.govOrIndependent);
  const coordinator = page.getByRole('group', { name: 'Coordinator' });
  await coordinator.getByLabel('Given name').fill(form.coordinator.firstname);
  await coordinator.getByLabel('Surname').fill(form.coordinator.lastname);
  await coordinator.getByLabel('Mobile').fill(form.coordinator.mobile);
  const signIn = page.getByRole('group', { name: 'Sign-in' });
  await signIn.getByLabel('Email').fill(form.email);
  await signIn.getByLabel('Password').fill(form.password);
}

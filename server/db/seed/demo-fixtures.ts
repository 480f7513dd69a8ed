// The fixed parts of the demo data: its logins (fixed, documented demo passwords, not secrets),
// its eight fictional schools and its events. demo.ts turns them into rows.
import type { SchoolCategory, SchoolGovOrPrivate, SchoolType } from '../../../src/domain/constants';

export const DEMO_PASSWORDS = {
  admin: 'demo-admin-2026',
  auditor: 'demo-auditor-2026',
  racedept: 'demo-racedept-2026',
  school: 'demo-school-2026',
} as const;

export const DEMO_STAFF = [
  { type: 'admin', email: 'admin@interschools.test', firstname: 'Alex', lastname: 'Morgan' },
  { type: 'auditor', email: 'auditor@interschools.test', firstname: 'Priya', lastname: 'Raman' },
  { type: 'racedept', email: 'racedept@interschools.test', firstname: 'Sam', lastname: 'Whitlock' },
] as const;

export type DemoSchool = {
  key: string;
  name: string;
  nickname: string;
  address1: string;
  town: string;
  region: string;
  postcode: string;
  areaCode: string;
  stateId: number;
  schoolType: SchoolType;
  schoolCategory: SchoolCategory;
  schoolGovOrPrivate: SchoolGovOrPrivate;
  bpay: string;
  /** null: registered before 2013. */
  registered: string | null;
  coordinator: { firstname: string; lastname: string; email: string };
  principal: { firstname: string; lastname: string; email: string };
  participants: number;
  /** Which of this season's events the school has entered (the previous season: all NSW schools). */
  enters: 'NSW' | 'VIC' | null;
  /** Coordinator has not logged in this season yet: year levels are still last season's. */
  firstSeason?: boolean;
  /** Its NSW invoice is paid in full (no unassigned entries, so the total is plain). */
  paid?: boolean;
};

export const DEMO_SCHOOLS: readonly DemoSchool[] = [
  {
    key: 'snowy',
    name: 'Snowy Range High School',
    nickname: 'Snowy Range',
    address1: '14 Kosciuszko Road',
    town: 'Jindabyne',
    region: 'Southern NSW',
    postcode: '2627',
    areaCode: '02',
    stateId: 3,
    schoolType: 'Co-ed',
    schoolCategory: 'Secondary',
    schoolGovOrPrivate: 'Gov.',
    bpay: '1000413',
    registered: null,
    coordinator: { firstname: 'Megan', lastname: 'Hartley', email: 'megan.hartley@snowyrange.test' },
    principal: { firstname: 'David', lastname: 'Okafor', email: 'principal@snowyrange.test' },
    participants: 55,
    enters: 'NSW',
  },
  {
    key: 'harbourview',
    name: 'Harbourview Grammar School',
    nickname: 'Harbourview',
    address1: '2 Clifton Parade',
    town: 'Mosman',
    region: 'Sydney',
    postcode: '2088',
    areaCode: '02',
    stateId: 3,
    schoolType: 'Co-ed',
    schoolCategory: 'p-12',
    schoolGovOrPrivate: 'Ind.',
    bpay: '1000421',
    registered: '2016-03-09',
    coordinator: { firstname: 'James', lastname: 'Pemberton', email: 'james.pemberton@harbourview.test' },
    principal: { firstname: 'Caroline', lastname: 'Ashby', email: 'principal@harbourview.test' },
    participants: 60,
    enters: 'NSW',
    paid: true,
  },
  {
    key: 'tablelands',
    name: 'Tablelands Public School',
    nickname: 'Tablelands',
    address1: '87 Beardy Street',
    town: 'Armidale',
    region: 'Northern NSW',
    postcode: '2350',
    areaCode: '02',
    stateId: 3,
    schoolType: 'Co-ed',
    schoolCategory: 'Primary',
    schoolGovOrPrivate: 'Gov.',
    bpay: '1000439',
    registered: '2019-05-21',
    coordinator: { firstname: 'Rachel', lastname: 'Nguyen', email: 'rachel.nguyen@tablelands.test' },
    principal: { firstname: 'Graham', lastname: 'Fletcher', email: 'principal@tablelands.test' },
    participants: 30,
    enters: 'NSW',
  },
  {
    key: 'kurrajong',
    name: 'Kurrajong Ridge College',
    nickname: 'Kurrajong Ridge',
    address1: '120 Pacific Highway',
    town: 'Wahroonga',
    region: 'Sydney',
    postcode: '2076',
    areaCode: '02',
    stateId: 3,
    schoolType: 'Male',
    schoolCategory: 'Secondary',
    schoolGovOrPrivate: 'Ind.',
    bpay: '',
    registered: null,
    coordinator: { firstname: 'Tom', lastname: 'Galloway', email: 'tom.galloway@kurrajongridge.test' },
    principal: { firstname: 'Andrew', lastname: 'Kilpatrick', email: 'principal@kurrajongridge.test' },
    participants: 35,
    enters: null,
    firstSeason: true,
  },
  {
    key: 'alpineshire',
    name: 'Alpine Shire Secondary College',
    nickname: 'Alpine Shire',
    address1: '5 Gavan Street',
    town: 'Bright',
    region: '',
    postcode: '3741',
    areaCode: '03',
    stateId: 7,
    schoolType: 'Co-ed',
    schoolCategory: 'Secondary',
    schoolGovOrPrivate: 'Gov.',
    bpay: '2000313',
    registered: '2014-02-17',
    coordinator: { firstname: 'Lucy', lastname: 'Faulkner', email: 'lucy.faulkner@alpineshire.test' },
    principal: { firstname: 'Peter', lastname: 'Dunstan', email: 'principal@alpineshire.test' },
    participants: 45,
    enters: 'VIC',
  },
  {
    key: 'yarrabend',
    name: "Yarra Bend Girls' Grammar",
    nickname: 'Yarra Bend',
    address1: '31 Studley Park Road',
    town: 'Kew',
    region: '',
    postcode: '3101',
    areaCode: '03',
    stateId: 7,
    schoolType: 'Female',
    schoolCategory: 'p-12',
    schoolGovOrPrivate: 'Ind.',
    bpay: '2000321',
    registered: '2021-04-30',
    coordinator: { firstname: 'Helen', lastname: 'Moreau', email: 'helen.moreau@yarrabend.test' },
    principal: { firstname: 'Margaret', lastname: 'Holloway', email: 'principal@yarrabend.test' },
    participants: 40,
    enters: 'VIC',
  },
  {
    key: 'molonglo',
    name: 'Molonglo Ridge College',
    nickname: 'Molonglo Ridge',
    address1: '9 Cotter Road',
    town: 'Weston',
    region: '',
    postcode: '2611',
    areaCode: '02',
    stateId: 1,
    schoolType: 'Co-ed',
    schoolCategory: 'Secondary',
    schoolGovOrPrivate: 'Gov.',
    bpay: '1000447',
    registered: '2023-06-12',
    coordinator: { firstname: 'Ben', lastname: 'Jamieson', email: 'ben.jamieson@molongloridge.test' },
    principal: { firstname: 'Susan', lastname: 'Langford', email: 'principal@molongloridge.test' },
    participants: 20,
    enters: null,
  },
  {
    key: 'mountlofty',
    name: 'Mount Lofty Grammar School',
    nickname: 'Mount Lofty',
    address1: '44 Mount Barker Road',
    town: 'Stirling',
    region: '',
    postcode: '5152',
    areaCode: '08',
    stateId: 5,
    schoolType: 'Co-ed',
    schoolCategory: 'p-12',
    schoolGovOrPrivate: 'Ind.',
    bpay: '',
    registered: '2024-02-05',
    coordinator: { firstname: 'Kate', lastname: 'Merrick', email: 'kate.merrick@mountlofty.test' },
    principal: { firstname: 'Richard', lastname: 'Northcott', email: 'principal@mountlofty.test' },
    participants: 15,
    enters: null,
  },
];

/** NSW events run every discipline; the VIC one runs the disciplines of its volunteer groups. */
export const NSW_DISCIPLINES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
export const VIC_DISCIPLINES = [1, 2, 3, 4, 5, 9, 10, 11];
export const NSW_STATE = 3;
export const VIC_STATE = 7;

// Fictional schools for the large benchmark data set: place names (real towns, invented schools)
// combined with kinds of school, spread over the states roughly as interschools entries are.
import { withCheckDigit } from '../../../src/domain/rules/bpay-crn';
import {
  NSW_REGIONS,
  type SchoolCategory,
  type SchoolGovOrPrivate,
  type SchoolType,
} from '../../../src/domain/constants';
import { fictionalLandline, fictionalMobile, randomPerson } from './people';
import type { Rng } from './prng';
import type { schools } from '../schema';

const PLACES = [
  'Jindabyne',
  'Cooma',
  'Berridale',
  'Tumut',
  'Bombala',
  'Goulburn',
  'Bowral',
  'Mittagong',
  'Moss Vale',
  'Orange',
  'Bathurst',
  'Lithgow',
  'Katoomba',
  'Leura',
  'Blackheath',
  'Penrith',
  'Parramatta',
  'Epping',
  'Pymble',
  'Turramurra',
  'Hornsby',
  'Chatswood',
  'Manly',
  'Dee Why',
  'Cronulla',
  'Sutherland',
  'Bondi',
  'Randwick',
  'Balmain',
  'Newtown',
  'Wollongong',
  'Kiama',
  'Nowra',
  'Armidale',
  'Tamworth',
  'Guyra',
  'Glen Innes',
  'Dubbo',
  'Mudgee',
  'Albury',
  'Wagga Wagga',
  'Queanbeyan',
  'Yass',
  'Newcastle',
  'Maitland',
  'Port Macquarie',
  'Bright',
  'Mansfield',
  'Myrtleford',
  'Beechworth',
  'Wangaratta',
  'Benalla',
  'Ballarat',
  'Bendigo',
  'Castlemaine',
  'Geelong',
  'Torquay',
  'Kew',
  'Camberwell',
  'Box Hill',
  'Doncaster',
  'Eltham',
  'Brighton',
  'Sandringham',
  'Frankston',
  'Mornington',
  'Warragul',
  'Traralgon',
  'Sale',
  'Bairnsdale',
  'Belconnen',
  'Tuggeranong',
  'Woden',
  'Gungahlin',
  'Toowoomba',
  'Stanthorpe',
  'Brisbane',
  'Stirling',
  'Mount Barker',
  'Hahndorf',
  'Launceston',
  'Hobart',
  'Devonport',
  'Fremantle',
  'Albany',
  'Darwin',
  'Alice Springs',
  'Cessnock',
  'Singleton',
  'Scone',
] as const;

const KINDS: readonly { kind: string; category: SchoolCategory; gov: SchoolGovOrPrivate }[] = [
  { kind: 'High School', category: 'Secondary', gov: 'Gov.' },
  { kind: 'Public School', category: 'Primary', gov: 'Gov.' },
  { kind: 'Secondary College', category: 'Secondary', gov: 'Gov.' },
  { kind: 'Primary School', category: 'Primary', gov: 'Gov.' },
  { kind: 'Grammar School', category: 'p-12', gov: 'Ind.' },
  { kind: 'Anglican College', category: 'p-12', gov: 'Ind.' },
  { kind: 'Christian School', category: 'p-12', gov: 'Ind.' },
  { kind: 'Catholic College', category: 'Secondary', gov: 'Ind.' },
  { kind: 'Community School', category: 'p-12', gov: 'Gov.' },
];

/** [stateId, share, area code]: mostly NSW (3) and VIC (7). */
const STATES: readonly [number, number, string][] = [
  [3, 0.45, '02'],
  [7, 0.35, '03'],
  [1, 0.06, '02'],
  [4, 0.05, '07'],
  [5, 0.04, '08'],
  [6, 0.03, '03'],
  [8, 0.01, '08'],
  [2, 0.01, '08'],
];

export type LargeSchool = typeof schools.$inferInsert & {
  id: string;
  name: string;
  stateId: number;
  schoolType: SchoolType;
  schoolCategory: SchoolCategory;
  coordinatorEmail: string;
};

export function makeLargeSchools(rng: Rng, count: number, newId: () => string): LargeSchool[] {
  const combos = rng.shuffle(PLACES.flatMap((place) => KINDS.map((k) => ({ place, ...k }))));
  return Array.from({ length: count }, (_, i) => {
    const c = combos[i % combos.length]!;
    const round = Math.floor(i / combos.length);
    const name = `${c.place} ${c.kind}${round ? ` ${round + 1}` : ''}`;
    let r = rng.next();
    const [stateId, , areaCode] = STATES.find(([, share]) => (r -= share) < 0) ?? STATES[0]!;
    const schoolType: SchoolType =
      c.gov === 'Ind.' && rng.chance(0.3) ? rng.pick(['Male', 'Female'] as const) : 'Co-ed';
    const coordinator = randomPerson(rng);
    const principal = randomPerson(rng);
    const domain = `school${i + 1}.large.test`;
    return {
      id: newId(),
      name,
      nickname: c.place,
      address1: `${rng.int(1, 250)} School Road`,
      town: c.place,
      region: stateId === 3 ? rng.pick(NSW_REGIONS) : '',
      postcode: String(rng.int(2000, 7999)),
      phone: fictionalLandline(rng, areaCode),
      schoolType,
      schoolCategory: c.category,
      schoolGovOrPrivate: c.gov,
      stateId,
      bpay: rng.chance(0.9) ? withCheckDigit(String(3_000_000 + i)) : '',
      coordinatorFirstname: coordinator.firstname,
      coordinatorLastname: coordinator.lastname,
      coordinatorPhone: fictionalLandline(rng, areaCode),
      coordinatorMobile: fictionalMobile(rng),
      principalFirstname: principal.firstname,
      principalLastname: principal.lastname,
      principalEmail: `principal@${domain}`,
      createdAt: rng.chance(0.2) ? null : new Date(Date.UTC(rng.int(2013, 2025), rng.int(0, 11), rng.int(1, 28))),
      coordinatorEmail: `coordinator@${domain}`,
    };
  });
}

// Name parts for fictional people in the demo and benchmark data (common Australian names; any
// resemblance to a real person is a coincidence of common names).

export const MALE_NAMES = [
  'Oliver', 'Noah', 'Jack', 'William', 'Leo', 'Lucas', 'Thomas', 'Henry', 'Charlie', 'James',
  'Hudson', 'Ethan', 'Mason', 'Harrison', 'Archie', 'Samuel', 'Max', 'Isaac', 'Liam', 'Alexander',
  'Oscar', 'Hugo', 'Harvey', 'Benjamin', 'Lachlan', 'Cooper', 'Riley', 'Angus', 'Finn', 'Darcy',
  'Callum', 'Toby', 'Patrick', 'Xavier', 'Flynn', 'Hamish', 'Jasper', 'Felix', 'Archer', 'Elijah',
] as const;

export const FEMALE_NAMES = [
  'Charlotte', 'Olivia', 'Amelia', 'Isla', 'Mia', 'Ava', 'Grace', 'Willow', 'Harper', 'Chloe',
  'Ella', 'Sophie', 'Zoe', 'Ruby', 'Matilda', 'Evie', 'Lily', 'Sienna', 'Georgia', 'Audrey',
  'Poppy', 'Emily', 'Hannah', 'Isabella', 'Ivy', 'Frankie', 'Scarlett', 'Lucy', 'Madison', 'Eloise',
  'Imogen', 'Abigail', 'Jessica', 'Annabelle', 'Maya', 'Phoebe', 'Stella', 'Tahlia', 'Holly', 'Alice',
] as const;

export const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White',
  'Anderson', 'Walker', 'Thompson', 'Harris', 'Ryan', 'Lee', 'King', 'Kelly', 'Campbell', 'Clarke',
  'Mitchell', 'Young', 'Robinson', 'Wright', 'Hall', 'Scott', 'Murphy', 'Hughes', 'Edwards', 'Baker',
  'Morris', 'Cooper', 'Stewart', 'Turner', 'Evans', 'Fraser', 'Murray', 'Gordon', 'Henderson', 'Kennedy',
  'McDonald', 'Sullivan', 'Hartley', 'Lawson', 'Doyle', 'Fletcher', 'Barnes', 'Whitfield', 'Ashby', 'Moreau',
  'Russo', 'Papadopoulos', 'Chen', 'Patel', 'Singh', 'Kaur', 'Tran', 'Wong', 'Kowalski', 'Novak',
  'Okafor', 'Haddad', 'Rossi', 'Bianchi', 'Jensen', 'Lindqvist', 'Galloway', 'Pemberton', 'Carmody', 'Dunstan',
  'Ellery', 'Faulkner', 'Gilchrist', 'Holloway', 'Iredale', 'Jamieson', 'Kilpatrick', 'Langford', 'Merrick', 'Northcott',
] as const;

/** Display names of demo players (64, distinct, at most 10 characters); usernames are their lower-case forms. */
export const DEMO_PLAYER_NAMES: readonly string[] = [
  'Altair', 'Bellatrix', 'Capella', 'Deneb', 'Electra', 'Fomalhaut', 'Gacrux', 'Hadar',
  'Izar', 'Jabbah', 'Kochab', 'Lesath', 'Mira', 'Naos', 'Orion', 'Pollux',
  'Rigel', 'Sirius', 'Spica', 'Thuban', 'Unuk', 'Vega', 'Wezen', 'Zosma',
  'Achernar', 'Alcor', 'Antares', 'Arcturus', 'Atria', 'Avior', 'Canopus', 'Castor',
  'Diphda', 'Elnath', 'Enif', 'Hamal', 'Keid', 'Markab', 'Menkar', 'Merak',
  'Mimosa', 'Mintaka', 'Mirfak', 'Nunki', 'Peacock', 'Procyon', 'Regulus', 'Sabik',
  'Saiph', 'Shaula', 'Suhail', 'Tarazed', 'Alnitak', 'Alnilam', 'Ankaa', 'Adhara',
  'Alphard', 'Algol', 'Acrux', 'Aludra', 'Baten', 'Caph', 'Dubhe', 'Errai',
];

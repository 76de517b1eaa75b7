import type { Section } from '../lib/section.ts';
export const addressSection: Section = { name: 'address', title: 'Address', run: () => Promise.resolve({ figures: {}, tables: [] }) };

import type { Section } from '../lib/section.ts';
export const rendererSection: Section = { name: 'renderer', title: 'Renderer', run: () => Promise.resolve({ figures: {}, tables: [] }) };

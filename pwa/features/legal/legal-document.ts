// A legal page as data: numbered sections of paragraphs, lists and sub-headings, so the text
// lives apart from the layout and a test can count the sections.

export type LegalBlock = string | { list: readonly string[] } | { heading: string };
export type LegalSection = { title: string; blocks: readonly LegalBlock[] };
export type LegalDocument = {
  title: string;
  effective: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
};

/** Efie's operator, as the documents name it. */
export const OPERATOR = 'Efie LLC, a limited liability company registered in California, United States';
export const PRIVACY_ADDRESS = 'legal@efie.app';

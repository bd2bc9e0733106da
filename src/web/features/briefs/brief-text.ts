/**
 * The words the brief form builds from the choices (SPEC section 2): the AI recommendation
 * sentence for the reference notes, and the generated brief text, in the visitor's language.
 */
import type { TFunction } from '../../../i18n/translate.ts';
import { BRIEF_OPTION_GROUPS, type BriefOptionGroup } from '../../../domain/briefs.ts';

type Choices = Record<BriefOptionGroup, readonly string[]>;

const list = (lang: string, items: readonly string[]) => new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);

function labelsOf(t: TFunction, group: BriefOptionGroup, keys: readonly string[]): string[] {
  return keys.map((key) => t(`briefs:options.${group}.${key}`));
}

/** "Modern and minimal style, bright tones, for social media" as one sentence; '' without choices. */
export function recommendation(t: TFunction, lang: string, choices: Choices): string {
  const part = { style: 'ai.style', colorTone: 'ai.tone', usage: 'ai.usage' } as const;
  const parts = BRIEF_OPTION_GROUPS.filter((group) => choices[group].length > 0)
    .map((group) => t(`briefs:${part[group]}`, { list: list(lang, labelsOf(t, group, choices[group])) }));
  if (parts.length === 0) return '';
  return t('briefs:ai.sentence', { parts: list(lang, parts) });
}

interface BriefTextInput extends Choices {
  serviceName: string;
  additionalRequests: string;
  referenceNotes: string;
  fileCount: number;
}

/** The generated brief: one line per thing the customer said. */
export function briefText(t: TFunction, lang: string, input: BriefTextInput): string[] {
  const lines = [t('briefs:generated.service', { name: input.serviceName })];
  for (const group of BRIEF_OPTION_GROUPS) {
    if (input[group].length) lines.push(t(`briefs:generated.${group}`, { list: list(lang, labelsOf(t, group, input[group])) }));
  }
  if (input.additionalRequests.trim()) lines.push(t('briefs:generated.requests', { text: input.additionalRequests.trim() }));
  if (input.referenceNotes.trim()) lines.push(t('briefs:generated.notes', { text: input.referenceNotes.trim() }));
  if (input.fileCount) lines.push(t('briefs:generated.files', { count: input.fileCount }));
  return lines;
}

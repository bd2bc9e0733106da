/** The family and given name fields in the order the page's language writes names (issue 33, item 30). */
import type { ReactNode } from 'react';
import { familyNameFirst } from '../../../domain/user.ts';

export function nameFields(lang: string, [family, given]: [ReactNode, ReactNode]): [ReactNode, ReactNode] {
  return familyNameFirst(lang) ? [family, given] : [given, family];
}

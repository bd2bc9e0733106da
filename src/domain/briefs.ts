/**
 * The project brief (SPEC sections 2, 5 and 9, DESIGN D17): the choices offered, stored as these
 * keys (labels are `briefs:options.<group>.<key>` in each language), and the rule that at least
 * one of them is chosen.
 */
import type { BriefStatus, OrderStatus } from './statuses.ts';

export const BRIEF_OPTIONS = {
  style: ['modern', 'cinematic', 'illustration', 'minimal'],
  colorTone: ['bright', 'dark', 'neon', 'pastel'],
  usage: ['sns', 'menu', 'advertisement', 'ecommerce'],
} as const;
export type BriefOptionGroup = keyof typeof BRIEF_OPTIONS;
export const BRIEF_OPTION_GROUPS = Object.keys(BRIEF_OPTIONS) as BriefOptionGroup[];

interface BriefChoices {
  style: readonly string[];
  colorTone: readonly string[];
  usage: readonly string[];
}

export const hasChoice = (choices: BriefChoices) => BRIEF_OPTION_GROUPS.some((group) => choices[group].length > 0);

/** An order takes its brief once paid or in consultation: not while awaiting payment, not once cancelled. */
export function takesBrief(status: OrderStatus): boolean {
  return status !== 'pending' && status !== 'cancelled';
}

/** Files one brief may carry. */
export const BRIEF_MAX_FILES = 20;

/**
 * A delivered draft was made from the brief: a brief still waiting for staff (pending, in review)
 * is approved with it, so the customer's brief no longer reads "pending" beside their draft. A
 * rejected brief stays as staff left it.
 */
export const BRIEF_APPROVED_BY_DRAFT: readonly BriefStatus[] = ['pending', 'in_review'];

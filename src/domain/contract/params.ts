import { z } from 'zod';
import { uuidField } from '../validation/schema-helpers.ts';

/** `{id}` of a route: an id that is not a uuid names nothing, so it is "not found" like an unknown one. */
export const uuidParams = z.object({ id: uuidField().describe("The record's id (a uuid, in either case).") });

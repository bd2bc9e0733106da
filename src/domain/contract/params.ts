import { z } from 'zod';

/** `{id}` of a route: an id that is not a uuid names nothing, so it is "not found" like an unknown one. */
export const uuidParams = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i).describe("The record's id (a uuid).") });

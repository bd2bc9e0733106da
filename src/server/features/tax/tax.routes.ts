/** The stores' tax rules (issue 34): public per store, and staff's settings. Rules live in the service. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/tax.ts';
import { taxRuleSchemaFor } from '../../../domain/validation/tax.ts';
import type { Auth } from '../../http/auth.ts';
import { staffActor } from '../../http/audit-actor.ts';
import { parseBody } from '../../http/validate.ts';
import type { TaxRules } from './tax-rules.service.ts';
import { taxWords } from './tax-words.ts';

export function registerTaxRoutes(server: FastifyInstance, deps: { auth: Auth; taxRules: TaxRules }): void {
  const { auth, taxRules } = deps;
  const app = server.withTypeProvider<ZodTypeProvider>();
  // The role is checked before the request is read: 401 and 403 come before any 400 (D5).
  const preValidation = async (request: FastifyRequest) => { await auth.requireUserWithRole(request, 'admin'); };

  app.get('/api/tax', { schema: contract.storeTax }, async (request) => {
    const { country, lang } = request.store;
    const rule = await taxRules.current(country);
    return { success: true as const, country, tax: { ...rule, ...taxWords(rule, lang) } };
  });

  app.get('/api/admin/tax', { schema: contract.taxSettings, preValidation }, async () => ({ success: true as const, stores: await taxRules.all() }));

  app.put('/api/admin/tax/:country', { schema: contract.setTaxRule, preValidation }, async (request) => {
    const actor = staffActor(request, await auth.requireStaff(request));
    const { country } = request.params;
    const rule = await taxRules.set(country, parseBody(taxRuleSchemaFor(country), request.body), actor);
    request.log.info({ country, registered: rule.registered, rate: rule.rateBasisPoints }, 'tax rule saved');
    return { success: true as const, country, rule };
  });
}

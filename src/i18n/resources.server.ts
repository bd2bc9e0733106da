/**
 * All message catalogs, bundled for server code (page loaders and the API). The browser only
 * ever receives the catalogs of the language it shows, through the root loader.
 */
import type { Language, Namespace } from './config.ts';
import koCommon from './locales/ko/common.json' with { type: 'json' };
import koHome from './locales/ko/home.json' with { type: 'json' };
import koCatalog from './locales/ko/catalog.json' with { type: 'json' };
import koTerms from './locales/ko/terms.json' with { type: 'json' };
import koErrors from './locales/ko/errors.json' with { type: 'json' };
import koMail from './locales/ko/mail.json' with { type: 'json' };
import koAccounts from './locales/ko/accounts.json' with { type: 'json' };
import koOrders from './locales/ko/orders.json' with { type: 'json' };
import koBriefs from './locales/ko/briefs.json' with { type: 'json' };
import koAdmin from './locales/ko/admin.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import enHome from './locales/en/home.json' with { type: 'json' };
import enCatalog from './locales/en/catalog.json' with { type: 'json' };
import enTerms from './locales/en/terms.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enMail from './locales/en/mail.json' with { type: 'json' };
import enAccounts from './locales/en/accounts.json' with { type: 'json' };
import enOrders from './locales/en/orders.json' with { type: 'json' };
import enBriefs from './locales/en/briefs.json' with { type: 'json' };
import enAdmin from './locales/en/admin.json' with { type: 'json' };
import jaCommon from './locales/ja/common.json' with { type: 'json' };
import jaHome from './locales/ja/home.json' with { type: 'json' };
import jaCatalog from './locales/ja/catalog.json' with { type: 'json' };
import jaTerms from './locales/ja/terms.json' with { type: 'json' };
import jaErrors from './locales/ja/errors.json' with { type: 'json' };
import jaMail from './locales/ja/mail.json' with { type: 'json' };
import jaAccounts from './locales/ja/accounts.json' with { type: 'json' };
import jaOrders from './locales/ja/orders.json' with { type: 'json' };
import jaBriefs from './locales/ja/briefs.json' with { type: 'json' };
import jaAdmin from './locales/ja/admin.json' with { type: 'json' };
import viCommon from './locales/vi/common.json' with { type: 'json' };
import viHome from './locales/vi/home.json' with { type: 'json' };
import viCatalog from './locales/vi/catalog.json' with { type: 'json' };
import viTerms from './locales/vi/terms.json' with { type: 'json' };
import viErrors from './locales/vi/errors.json' with { type: 'json' };
import viMail from './locales/vi/mail.json' with { type: 'json' };
import viAccounts from './locales/vi/accounts.json' with { type: 'json' };
import viOrders from './locales/vi/orders.json' with { type: 'json' };
import viBriefs from './locales/vi/briefs.json' with { type: 'json' };
import viAdmin from './locales/vi/admin.json' with { type: 'json' };
import zhCommon from './locales/zh/common.json' with { type: 'json' };
import zhHome from './locales/zh/home.json' with { type: 'json' };
import zhCatalog from './locales/zh/catalog.json' with { type: 'json' };
import zhTerms from './locales/zh/terms.json' with { type: 'json' };
import zhErrors from './locales/zh/errors.json' with { type: 'json' };
import zhMail from './locales/zh/mail.json' with { type: 'json' };
import zhAccounts from './locales/zh/accounts.json' with { type: 'json' };
import zhOrders from './locales/zh/orders.json' with { type: 'json' };
import zhBriefs from './locales/zh/briefs.json' with { type: 'json' };
import zhAdmin from './locales/zh/admin.json' with { type: 'json' };

type Messages = Record<string, unknown>;
type LanguageResources = Record<Namespace, Messages>;

export const RESOURCES: Record<Language, LanguageResources> = {
  ko: { common: koCommon, home: koHome, catalog: koCatalog, terms: koTerms, errors: koErrors, accounts: koAccounts, mail: koMail, orders: koOrders, briefs: koBriefs, admin: koAdmin },
  en: { common: enCommon, home: enHome, catalog: enCatalog, terms: enTerms, errors: enErrors, accounts: enAccounts, mail: enMail, orders: enOrders, briefs: enBriefs, admin: enAdmin },
  ja: { common: jaCommon, home: jaHome, catalog: jaCatalog, terms: jaTerms, errors: jaErrors, accounts: jaAccounts, mail: jaMail, orders: jaOrders, briefs: jaBriefs, admin: jaAdmin },
  vi: { common: viCommon, home: viHome, catalog: viCatalog, terms: viTerms, errors: viErrors, accounts: viAccounts, mail: viMail, orders: viOrders, briefs: viBriefs, admin: viAdmin },
  zh: { common: zhCommon, home: zhHome, catalog: zhCatalog, terms: zhTerms, errors: zhErrors, accounts: zhAccounts, mail: zhMail, orders: zhOrders, briefs: zhBriefs, admin: zhAdmin },
};

/**
 * The store's translation function (src/i18n/translate.ts) and the messages block a server render
 * sends the browser (docs/decisions/0025).
 */
import { describe, expect, it } from 'vitest';
import type { Language, Namespace } from '../../src/i18n/config.ts';
import { createTranslator, type CatalogSource, type Messages } from '../../src/i18n/translate.ts';
import { catalogsBlockHtml, noteRead, serverCatalogsOf } from '../../src/web/i18n/catalogs-block.server.ts';

const catalogs: Partial<Record<Language, Partial<Record<Namespace, Messages>>>> = {
  en: {
    common: { nav: { home: 'Home' }, cart: { items_one: '{{count}} item', items_other: '{{count}} items', empty: 'Nothing yet' }, hello: 'Hello {{name}}, {{ missing }}', tags: 'a <b>bold</b> word' },
    orders: { status: { paid: 'Paid' }, list: ['first', 'second'], onlyEnglish: 'In English' },
  },
  ko: {
    common: { nav: { home: '홈' }, cart: { items_other: '{{count}}개', items_zero: '비어 있음' } },
    orders: { status: { paid: '결제 완료' } },
  },
};
const source: CatalogSource = (lang, ns) => catalogs[lang]?.[ns];

describe('translate', () => {
  const t = createTranslator({ lang: 'en', ns: 'common', source });

  it('reads nested keys, other namespaces and lists of keys', () => {
    expect(t('nav.home')).toBe('Home');
    expect(t('orders:status.paid')).toBe('Paid');
    expect(t('status.paid', { ns: 'orders' })).toBe('Paid');
    expect(t(['nav.nowhere', 'nav.home'])).toBe('Home');
  });

  it('picks the plural form of the language from count, and _zero when there is one', () => {
    expect(t('cart.items', { count: 1 })).toBe('1 item');
    expect(t('cart.items', { count: 3 })).toBe('3 items');
    expect(t('cart.items', { count: 0 })).toBe('0 items');
    const ko = createTranslator({ lang: 'ko', ns: 'common', source });
    expect(ko('cart.items', { count: 1 })).toBe('1개');
    expect(ko('cart.items', { count: 0 })).toBe('비어 있음');
  });

  it('fills {{names}} without escaping, and leaves a name without a value visible', () => {
    expect(t('hello', { name: '<Kim>' })).toBe('Hello <Kim>, {{ missing }}');
  });

  it('answers a missing key with the default value or the key itself, as i18next did', () => {
    expect(t('nav.gone', { defaultValue: 'Gone {{n}}', n: 2 })).toBe('Gone 2');
    expect(t('orders:nav.gone')).toBe('nav.gone');
    const prefixed = createTranslator({ lang: 'en', ns: 'common', source, keyPrefix: 'nav' });
    expect(prefixed('home')).toBe('Home');
    expect(prefixed('gone')).toBe('nav.gone');
  });

  it('returns objects only when asked, and reads another language with lng', () => {
    expect(t('orders:list', { returnObjects: true })).toEqual(['first', 'second']);
    expect(t('orders:list')).toBe('list');
    expect(t('nav.home', { lng: 'ko' })).toBe('홈');
  });

  it('falls back to another language only when told to (the server e-mails)', () => {
    const ko = createTranslator({ lang: 'ko', ns: 'orders', source });
    expect(ko('onlyEnglish')).toBe('onlyEnglish');
    const withFallback = createTranslator({ lang: 'ko', ns: 'orders', source, fallbackLang: 'en' });
    expect(withFallback('onlyEnglish')).toBe('In English');
  });

  it('tells what it read and what it missed', () => {
    const read: string[] = [];
    const missed: string[] = [];
    const watched = createTranslator({ lang: 'en', ns: 'common', source, onRead: (lang, ns, path, plural) => read.push(`${lang}/${ns}:${path}${plural ? '*' : ''}`), onMiss: (lang, ns) => missed.push(`${lang}/${ns}`) });
    watched('nav.home');
    watched('cart.items', { count: 2 });
    watched('orders:status.paid');
    watched('nav.gone');
    expect(read).toEqual(['en/common:nav.home', 'en/common:cart.items*', 'en/orders:status.paid']);
    expect(missed).toEqual(['en/common']);
  });
});

describe('the messages block of a page', () => {
  it('holds exactly the messages the render read, every plural form of a count, and cannot close its script', () => {
    const read = new Map();
    noteRead(read, 'en', 'common', 'nav.home', false);
    noteRead(read, 'en', 'common', 'cart.items', true);
    noteRead(read, 'en', 'common', 'tags', false);
    const html = catalogsBlockHtml(read, source, 'n0nce');
    expect(html).not.toContain('</b>');
    const json = /<script type="application\/json" id="i18n-catalogs" nonce="n0nce">(.*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual({ en: { common: { nav: { home: 'Home' }, cart: { items_one: '{{count}} item', items_other: '{{count}} items' }, tags: 'a <b>bold</b> word' } } });
  });

  it('holds a namespace a component reads from even when the render read none of its messages', () => {
    // The browser finds it there and hydrates, instead of fetching the catalog before it can.
    const catalogs = serverCatalogsOf(source);
    catalogs.onUse('en', 'errors');
    catalogs.onRead('en', 'common', 'nav.home', false);
    catalogs.onUse('en', 'common');
    const json = />(.*)<\/script>/.exec(catalogsBlockHtml(catalogs.read, source, 'n'))![1]!;
    expect(JSON.parse(json)).toEqual({ en: { errors: {}, common: { nav: { home: 'Home' } } } });
  });

  it('is kept per set of messages read, never given to a render that read other messages', () => {
    const blockOf = (...paths: Array<[Language, Namespace, string, boolean]>) => {
      const read = new Map();
      for (const [lang, ns, path, plural] of paths) noteRead(read, lang, ns, path, plural);
      return JSON.parse(/>(.*)<\/script>/.exec(catalogsBlockHtml(read, source, 'n'))![1]!);
    };
    expect(blockOf(['en', 'common', 'nav.home', false])).toEqual({ en: { common: { nav: { home: 'Home' } } } });
    expect(blockOf(['ko', 'common', 'nav.home', false])).toEqual({ ko: { common: { nav: { home: '홈' } } } });
    // The same path read once as a plural: every form comes, not the cached single message.
    expect(blockOf(['en', 'common', 'cart.items', false])).toEqual({ en: { common: { cart: {} } } });
    expect(blockOf(['en', 'common', 'cart.items', true])).toEqual({ en: { common: { cart: { items_one: '{{count}} item', items_other: '{{count}} items' } } } });
    expect(blockOf(['en', 'common', 'nav.home', false], ['en', 'orders', 'status.paid', false])).toEqual({ en: { common: { nav: { home: 'Home' } }, orders: { status: { paid: 'Paid' } } } });
    expect(blockOf(['en', 'common', 'nav.home', false])).toEqual({ en: { common: { nav: { home: 'Home' } } } });
  });
});

import { writeFileSync } from 'node:fs';
import { paperDocument } from './src/server/features/papers/paper-document.ts';
import { paperPdf } from './src/server/features/papers/paper-pdf.ts';
const langs = ['ko', 'en', 'ja', 'vi', 'zh'] as const;
const now = new Date('2026-11-28T12:00:00Z');
for (const lang of langs) {
  const country = lang === 'ko' ? 'kr' : 'au';
  const source: any = {
    paper: { id: 'x', orderId: 'o', refundId: null, kind: country === 'kr' ? 'receipt' : 'tax_invoice', number: `SL-${country.toUpperCase()}-2026-000123`, country, year: 2026, sequence: 123, currency: country === 'kr' ? 'KRW' : 'AUD', amountMinor: country === 'kr' ? 165000 : 17985, taxMinor: country === 'kr' ? 15000 : 1635,
      taxRule: country === 'kr' ? { registered: true, kind: 'vat', rateBasisPoints: 1000, registrations: [{ kind: 'kr_business', value: '214-88-12345' }, { kind: 'kr_mail_order', value: '2026-서울강남-01234' }] } : { registered: true, kind: 'gst', rateBasisPoints: 1000, registrations: [{ kind: 'abn', value: '51 824 753 556' }] },
      buyer: { company: { ko: '주식회사 맛있는 빵집', en: 'Bondi Beans Café Pty Ltd', ja: '株式会社さくら写真館', vi: 'Công ty TNHH Ảnh Đẹp Sài Gòn', zh: '上海光影摄影有限公司' }[lang], taxId: country === 'kr' ? '1248100998' : '51824753556', address: '12 Campbell Parade, Bondi Beach NSW 2026', email: 'accounts@example.com' },
      correctsPaperId: null, issuedAt: now },
    order: { orderNumber: 'SL-2611-4827-316', language: lang, country, paidAt: now, paymentMethod: country === 'kr' ? '카드' : 'card', paymentProvider: country === 'kr' ? 'toss' : 'stripe', orderName: 'x', testPayment: true },
    lines: [{ name: { ko: '음식 스튜디오 촬영 × 5장', en: 'Food studio shoot × 5 photos', ja: 'フード撮影 × 5枚', vi: 'Chụp ảnh món ăn × 5 ảnh', zh: '美食摄影 × 5张' }[lang], quantity: 1, totalKrw: 100000 }, { name: 'Template 12 — Minimal café', quantity: 2, totalKrw: 65000 }],
    quoteLines: null, corrects: null,
  };
  const doc = paperDocument(source);
  const times: number[] = [];
  let pdf!: Buffer;
  for (let i = 0; i < 5; i++) { const t = performance.now(); pdf = await paperPdf(doc, now); times.push(performance.now() - t); }
  writeFileSync(`/tmp/paper-${lang}.pdf`, pdf);
  console.log(lang, pdf.length, times.map((t) => t.toFixed(0)).join(' '));
}

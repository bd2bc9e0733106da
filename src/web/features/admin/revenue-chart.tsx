/**
 * Paid revenue per day for the last 30 days (Korea time), one small bar chart per currency (won
 * and dollars never share an axis), each with the same figures as a table for screen readers.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { formatCurrencyMinor } from '../../../domain/currency-money.ts';

interface Day { day: string; country: string; currency: string; amount: number; orders: number }

const DAYS = 30;

function lastDays(): string[] {
  const today = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date())}T00:00:00Z`);
  return Array.from({ length: DAYS }, (_, i) => new Date(today.getTime() - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export function RevenueChart({ daily }: { daily: Day[] }) {
  const { t } = useTranslation('admin');
  if (daily.length === 0) return <p className="mt-3 text-sm text-slate-600">{t('overview.chartEmpty')}</p>;
  const days = lastDays();
  const currencies = [...new Set(daily.map((d) => d.currency))];
  return (
    <div className="mt-3 grid gap-5">
      {currencies.map((currency) => {
        const byDay = new Map<string, number>();
        for (const d of daily.filter((x) => x.currency === currency)) byDay.set(d.day, (byDay.get(d.day) ?? 0) + d.amount);
        const max = Math.max(...byDay.values(), 1);
        const total = [...byDay.values()].reduce((a, b) => a + b, 0);
        return (
          <figure key={currency} data-chart={currency}>
            <figcaption className="flex justify-between text-sm"><span className="font-semibold">{currency}</span><span className="text-slate-600">{formatCurrencyMinor(total, currency)}</span></figcaption>
            <svg viewBox={`0 0 ${DAYS * 10} 60`} className="mt-2 h-16 w-full" preserveAspectRatio="none" aria-hidden="true">
              {days.map((day, i) => {
                const height = Math.round(((byDay.get(day) ?? 0) / max) * 56);
                return <rect key={day} x={i * 10 + 1} y={60 - height} width={8} height={height} rx={1.5} className="fill-brand-600" />;
              })}
            </svg>
            <table className="sr-only">
              <thead><tr><th scope="col">{t('overview.day')}</th><th scope="col">{t('overview.amount')}</th></tr></thead>
              <tbody>{[...byDay].map(([day, amount]) => <tr key={day}><td>{day}</td><td>{formatCurrencyMinor(amount, currency)}</td></tr>)}</tbody>
            </table>
          </figure>
        );
      })}
    </div>
  );
}

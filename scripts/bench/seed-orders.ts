/**
 * A busy shop's orders in SQL, for the benches (admin, backup): `count` orders over 90 days in six
 * stores, with a line, a history row each, and a brief on about every fifth.
 */
export function seedOrdersSql(count: number): string {
  return `
    with s as (
      select g, (array['kr','us','au','vn','cn','my'])[1 + g % 6] as country,
        (array['pending','quote_review','order_received','in_progress','draft_delivered','completed','cancelled'])[1 + g % 7] as status,
        now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute' as created
      from generate_series(1, ${count}) as g
    ), o as (
      insert into orders (order_number, is_guest_order, guest_id, customer_name, customer_email, customer_phone, order_type, order_name, country, currency, language,
        amount_krw, amount_minor, status, paid_at, created_at, updated_at)
      select 'SL-bench' || lpad(g::text, 8, '0'), true, 'bench-guest-' || lpad(g::text, 40, '0'), '고객 ' || g, 'customer' || g || '@example.com', '010-0000-' || lpad((g % 10000)::text, 4, '0'),
        'service', '푸드 스튜디오 컷 x 3장', country,
        case country when 'kr' then 'KRW' when 'us' then 'USD' when 'au' then 'AUD' when 'vn' then 'VND' when 'cn' then 'CNY' else 'MYR' end,
        case country when 'kr' then 'ko' when 'vn' then 'vi' when 'cn' then 'zh' else 'en' end,
        80000, case country when 'kr' then 80000 when 'vn' then 1440000 else 6000 end,
        status, case when status in ('pending', 'quote_review') then null else created + interval '5 minutes' end, created, created
      from s
      returning id, status, created_at
    ), l as (
      insert into order_lines (order_id, position, kind, ref, name, quantity, unit_price_krw, total_krw)
      select id, 0, 'service', '4', '푸드 스튜디오 컷', 3, 80000, 80000 from o
    ), h as (
      insert into order_status_history (order_id, from_status, to_status, note, created_at)
      select id, null, status, 'seeded', created_at from o
    )
    insert into project_briefs (order_id, service_id, service_name, style, color_tone, usage, status)
    select id, 4, '푸드 스튜디오 컷', '["modern"]', '["bright"]', '["sns"]', 'pending' from o where random() < 0.2`;
}

-- An invoice is numbered in the series of the year of its date, and its date is the platform's calendar
-- day (Europe/Berlin), as the invoice prints it: an order completed on 31 December at 23:30 UTC is
-- dated 1 January in Germany and takes the first number of the new year, not the next of the old one.
-- Migration 0010's function numbered by the UTC year; only that line changes.
CREATE OR REPLACE FUNCTION "place_order_hold"(
  p_product_id integer,
  p_variant_id integer,
  p_customer_id integer,
  p_order_id integer,
  p_quantity integer,
  p_amount_cents bigint,
  p_items_total_cents bigint,
  p_limit_cents bigint,
  p_investor_limit integer,
  p_issued_at timestamptz
) RETURNS TABLE ("refusal" text, "invoice_number" text) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_mine bigint;
  v_investors integer;
  v_year integer := extract(year from p_issued_at at time zone 'Europe/Berlin')::integer;
  v_sequence integer;
BEGIN
  PERFORM 1 FROM "products" WHERE "id" = p_product_id FOR NO KEY UPDATE;
  SELECT s."total_cents" INTO v_mine FROM "offer_subscriptions" s
    WHERE s."product_id" = p_product_id AND s."customer_id" = p_customer_id;
  IF p_investor_limit IS NOT NULL AND v_mine IS NULL THEN
    SELECT count(*) INTO v_investors FROM "offer_subscriptions" s WHERE s."product_id" = p_product_id;
    IF v_investors >= p_investor_limit THEN
      RETURN QUERY SELECT 'investor_limit_reached'::text, NULL::text;
      RETURN;
    END IF;
  END IF;
  IF p_limit_cents IS NOT NULL AND coalesce(v_mine, 0) + p_amount_cents > p_limit_cents THEN
    RETURN QUERY SELECT 'investment_limit_exceeded'::text, NULL::text;
    RETURN;
  END IF;
  UPDATE "product_variants" SET "on_hold" = "on_hold" + p_quantity
    WHERE "id" = p_variant_id AND (NOT "tracked" OR "on_hand" - "on_hold" >= p_quantity);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'insufficient_stock'::text, NULL::text;
    RETURN;
  END IF;
  INSERT INTO "offer_subscriptions" ("product_id", "customer_id", "total_cents", "quantity", "orders")
    VALUES (p_product_id, p_customer_id, p_items_total_cents, p_quantity, 1)
    ON CONFLICT ("product_id", "customer_id") DO UPDATE SET
      "total_cents" = "offer_subscriptions"."total_cents" + excluded."total_cents",
      "quantity" = "offer_subscriptions"."quantity" + excluded."quantity",
      "orders" = "offer_subscriptions"."orders" + 1,
      "updated_at" = p_issued_at;
  INSERT INTO "invoice_sequences" ("year", "last_number") VALUES (v_year, 1)
    ON CONFLICT ("year") DO UPDATE SET "last_number" = "invoice_sequences"."last_number" + 1
    RETURNING "last_number" INTO v_sequence;
  RETURN QUERY INSERT INTO "invoices" ("number", "year", "sequence", "order_id", "issued_at")
    VALUES (v_year || '-' || lpad(v_sequence::text, 6, '0'), v_year, v_sequence, p_order_id, p_issued_at)
    RETURNING NULL::text, "invoices"."number";
END $$;

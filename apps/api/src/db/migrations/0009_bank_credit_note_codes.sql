-- Notes on bank credits become a code with its figures (read in the operator's language); a note
-- written before keeps its words as {"code":"text","text":…}.
ALTER TABLE "bank_credits" ALTER COLUMN "note" SET DATA TYPE jsonb USING CASE WHEN "note" IS NULL THEN NULL ELSE jsonb_build_object('code', 'text', 'text', "note") END;

-- The country library's German list leaves the United States Minor Outlying Islands in English; the
-- seed names them in German since issue 15 (CLDR's name, as browsers show it). Databases seeded before
-- get the same name here; a name an operator has changed is left alone.
UPDATE "country_translations" SET "name" = 'Amerikanische Überseeinseln'
WHERE "locale" = 'de'
  AND "name" = 'United States Minor Outlying Islands'
  AND "country_id" IN (SELECT "id" FROM "countries" WHERE "code" = 'UM');

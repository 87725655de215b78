-- Shared reference data (park_id null: every park sees it). Explicit ids because clients and other
-- modules name some rows by number (document type 1 is the insurance, which needs an insurer);
-- contract/src/catalog.ts exports those ids. Each identity sequence is moved past the seeded ids so
-- rows a park adds later get fresh ones.
INSERT INTO "vehicle_types" ("id", "name") VALUES
  (1, 'Berline'), (2, 'Citadine'), (3, 'SUV'), (4, 'Monospace'), (5, 'Pick-up'), (6, 'Minibus'),
  (7, 'Moto'), (8, 'Tricycle'), (9, 'Break'), (10, 'Utilitaire');
--> statement-breakpoint
INSERT INTO "brands" ("id", "name") VALUES
  (1, 'Toyota'), (2, 'Hyundai'), (3, 'Suzuki'), (4, 'Kia'), (5, 'Peugeot'), (6, 'Renault'), (7, 'Nissan'),
  (8, 'Honda'), (9, 'Mitsubishi'), (10, 'Volkswagen'), (11, 'Mercedes-Benz'), (12, 'Lifan'), (13, 'Chery'),
  (14, 'Bajaj'), (15, 'TVS'), (16, 'Dacia'), (17, 'Ford'), (18, 'Geely'), (19, 'Isuzu'), (20, 'Haojue');
--> statement-breakpoint
INSERT INTO "models" ("id", "brand_id", "name") VALUES
  (1, 1, 'Corolla'), (2, 1, 'Yaris'), (3, 1, 'RAV4'), (4, 1, 'Camry'), (5, 1, 'Prius'), (6, 1, 'Hilux'),
  (7, 1, 'Avensis'), (8, 1, 'Land Cruiser'), (9, 1, 'Hiace'),
  (10, 2, 'Accent'), (11, 2, 'Elantra'), (12, 2, 'i10'), (13, 2, 'Tucson'), (14, 2, 'Santa Fe'),
  (15, 3, 'Dzire'), (16, 3, 'Swift'), (17, 3, 'Alto'), (18, 3, 'Ertiga'), (19, 3, 'Celerio'),
  (20, 4, 'Rio'), (21, 4, 'Picanto'), (22, 4, 'Cerato'), (23, 4, 'Sportage'),
  (24, 5, '301'), (25, 5, '208'), (26, 5, '308'), (27, 5, '508'), (28, 5, 'Partner'),
  (29, 6, 'Logan'), (30, 6, 'Symbol'), (31, 6, 'Duster'), (32, 6, 'Clio'),
  (33, 7, 'Almera'), (34, 7, 'Sunny'), (35, 7, 'X-Trail'),
  (36, 8, 'Civic'), (37, 8, 'City'), (38, 8, 'CR-V'),
  (39, 9, 'L200'), (40, 9, 'Pajero'),
  (41, 10, 'Polo'), (42, 10, 'Golf'),
  (43, 11, 'C-Class'), (44, 11, 'E-Class'),
  (45, 12, '520'), (46, 12, '620'),
  (47, 13, 'QQ'), (48, 13, 'Tiggo'),
  (49, 14, 'Boxer'), (50, 14, 'RE'),
  (51, 15, 'Apache'), (52, 15, 'King'),
  (53, 16, 'Logan'), (54, 16, 'Sandero'),
  (55, 17, 'Ranger'), (56, 17, 'Focus'),
  (57, 18, 'Emgrand'),
  (58, 19, 'D-Max'),
  (59, 20, 'HJ125');
--> statement-breakpoint
INSERT INTO "colors" ("id", "name", "hex") VALUES
  (1, 'Blanc', '#FFFFFF'), (2, 'Noir', '#000000'), (3, 'Gris', '#808080'), (4, 'Argent', '#C0C0C0'),
  (5, 'Bleu', '#1E4FD8'), (6, 'Rouge', '#D32F2F'), (7, 'Jaune', '#FFD000'), (8, 'Vert', '#2E7D32'),
  (9, 'Beige', '#F5F5DC'), (10, 'Marron', '#7B4A2A'), (11, 'Orange', '#F57C00'), (12, 'Bordeaux', '#800020'),
  (13, 'Violet', '#6A1B9A'), (14, 'Doré', '#D4AF37');
--> statement-breakpoint
INSERT INTO "currencies" ("id", "code", "name", "country_code") VALUES
  (1, 'XAF', 'Franc CFA (BEAC)', 'CM'), (2, 'XAF', 'Franc CFA (BEAC)', 'GA'), (3, 'XAF', 'Franc CFA (BEAC)', 'CG'),
  (4, 'XAF', 'Franc CFA (BEAC)', 'TD'), (5, 'XAF', 'Franc CFA (BEAC)', 'CF'), (6, 'XAF', 'Franc CFA (BEAC)', 'GQ'),
  (7, 'XOF', 'Franc CFA (BCEAO)', 'CI'), (8, 'XOF', 'Franc CFA (BCEAO)', 'SN'), (9, 'XOF', 'Franc CFA (BCEAO)', 'TG'),
  (10, 'XOF', 'Franc CFA (BCEAO)', 'BJ'), (11, 'XOF', 'Franc CFA (BCEAO)', 'BF'), (12, 'XOF', 'Franc CFA (BCEAO)', 'ML'),
  (13, 'XOF', 'Franc CFA (BCEAO)', 'NE'), (14, 'XOF', 'Franc CFA (BCEAO)', 'GW'),
  (15, 'CDF', 'Franc congolais', 'CD'), (16, 'GNF', 'Franc guinéen', 'GN'),
  (17, 'EUR', 'Euro', 'FR'), (18, 'EUR', 'Euro', 'BE'),
  (19, 'USD', 'Dollar américain', 'US'), (20, 'MAD', 'Dirham marocain', 'MA'), (21, 'RWF', 'Franc rwandais', 'RW'),
  (22, 'BIF', 'Franc burundais', 'BI'), (23, 'MGA', 'Ariary malgache', 'MG'), (24, 'KMF', 'Franc comorien', 'KM'),
  (25, 'DJF', 'Franc djiboutien', 'DJ'), (26, 'MRU', 'Ouguiya mauritanien', 'MR'), (27, 'NGN', 'Naira nigérian', 'NG'),
  (28, 'GHS', 'Cedi ghanéen', 'GH');
--> statement-breakpoint
INSERT INTO "document_types" ("id", "park_id", "name") VALUES
  (1, NULL, 'Assurance'), (2, NULL, 'Visite technique'), (3, NULL, 'Carte grise'), (4, NULL, 'Permis de stationnement'),
  (5, NULL, 'Vignette'), (6, NULL, 'Licence de transport'), (7, NULL, 'Patente');
--> statement-breakpoint
INSERT INTO "grades" ("id", "park_id", "name") VALUES
  (1, NULL, 'Débutant'), (2, NULL, 'Intermediaire'), (3, NULL, 'Confirmé'), (4, NULL, 'Expert');
--> statement-breakpoint
INSERT INTO "driver_types" ("id", "park_id", "name") VALUES
  (1, NULL, 'Titulaire'), (2, NULL, 'Remplaçant'), (3, NULL, 'Taxi'), (4, NULL, 'VTC'), (5, NULL, 'Livreur');
--> statement-breakpoint
INSERT INTO "vehicle_contract_types" ("id", "park_id", "name") VALUES
  (1, NULL, 'Location'), (2, NULL, 'Location-vente'), (3, NULL, 'Mise à disposition'), (4, NULL, 'Gestion pour propriétaire');
--> statement-breakpoint
INSERT INTO "hours" ("id", "name", "value") SELECT h + 1, h || 'h', h FROM generate_series(0, 23) AS h;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('vehicle_types', 'id'), (SELECT max("id") FROM "vehicle_types"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('brands', 'id'), (SELECT max("id") FROM "brands"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('models', 'id'), (SELECT max("id") FROM "models"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('colors', 'id'), (SELECT max("id") FROM "colors"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('currencies', 'id'), (SELECT max("id") FROM "currencies"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('document_types', 'id'), (SELECT max("id") FROM "document_types"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('grades', 'id'), (SELECT max("id") FROM "grades"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('driver_types', 'id'), (SELECT max("id") FROM "driver_types"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('vehicle_contract_types', 'id'), (SELECT max("id") FROM "vehicle_contract_types"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('hours', 'id'), (SELECT max("id") FROM "hours"));

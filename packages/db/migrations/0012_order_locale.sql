-- The shop locale an order was placed in: the language of its emails (order confirmation, shipment).
-- Orders placed before it get en-us, the emails' fallback language.
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en-us' NOT NULL;

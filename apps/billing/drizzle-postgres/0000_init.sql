CREATE TABLE "billing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"event_name" text NOT NULL,
	"email" text,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"provider_updated_at" text,
	"received_at" text NOT NULL,
	"outcome" text NOT NULL,
	"order_id" text,
	"subscription_id" text,
	"payload" text NOT NULL,
	CONSTRAINT "billing_events_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
CREATE TABLE "billing_locks" (
	"key" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_entitlements" (
	"order_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"subscription_id" text,
	"variant_id" integer,
	"status" text NOT NULL,
	"ends_at" text,
	"provider_updated_at" text NOT NULL,
	"account_id" integer,
	"custom_account_id" text,
	"bound_by" text,
	"pause_mode" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"customer_portal_url" text
);
--> statement-breakpoint
CREATE INDEX "billing_events_email" ON "billing_events" USING btree ("email");--> statement-breakpoint
CREATE INDEX "billing_events_waiting" ON "billing_events" USING btree ("subscription_id","outcome");--> statement-breakpoint
CREATE INDEX "billing_events_order" ON "billing_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "billing_entitlements_email" ON "billing_entitlements" USING btree ("email");--> statement-breakpoint
CREATE INDEX "billing_entitlements_account" ON "billing_entitlements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "billing_entitlements_subscription" ON "billing_entitlements" USING btree ("subscription_id");
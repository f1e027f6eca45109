DROP INDEX "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree ("actor_email","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_type_created_idx" ON "audit_log" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_action_trgm_idx" ON "audit_log" USING gin ("action" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_claim_updated_idx" ON "business_claim" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "business_claim_business_idx" ON "business_claim" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "business_listing_status_updated_idx" ON "business_listing" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "business_listing_status_created_idx" ON "business_listing" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "business_listing_status_title_idx" ON "business_listing" USING btree ("status","title","id");--> statement-breakpoint
CREATE INDEX "business_listing_status_asking_idx" ON "business_listing" USING btree ("status","asking_price_pence","id");--> statement-breakpoint
CREATE INDEX "business_listing_updated_idx" ON "business_listing" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "business_listing_created_idx" ON "business_listing" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "business_listing_asking_idx" ON "business_listing" USING btree ("asking_price_pence","id");--> statement-breakpoint
CREATE INDEX "business_listing_title_idx" ON "business_listing" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "business_listing_confidential_title_trgm_idx" ON "business_listing" USING gin ("confidential_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_listing_slug_trgm_idx" ON "business_listing" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_listing_title_trgm_idx" ON "business_listing" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_business_updated_idx" ON "directory_business" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "directory_business_created_idx" ON "directory_business" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "directory_business_name_id_idx" ON "directory_business" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "directory_business_town_id_idx" ON "directory_business" USING btree ("town","id");--> statement-breakpoint
CREATE INDEX "directory_business_town_trgm_idx" ON "directory_business" USING gin (lower("town") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_business_postcode_trgm_idx" ON "directory_business" USING gin (upper(replace("postcode", ' ', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiry_created_idx" ON "enquiry" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "enquiry_status_created_idx" ON "enquiry" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "enquiry_subject_idx" ON "enquiry" USING btree ("subject","id");--> statement-breakpoint
CREATE INDEX "enquiry_status_idx" ON "enquiry" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "enquiry_kind_idx" ON "enquiry" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "enquiry_subject_trgm_idx" ON "enquiry" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiry_fields_trgm_idx" ON "enquiry" USING gin (("fields"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "message_thread_last_idx" ON "message_thread" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "message_thread_started_idx" ON "message_thread" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_attempts_idx" ON "outbox" USING btree ("attempts","id");--> statement-breakpoint
CREATE INDEX "outbox_next_attempt_idx" ON "outbox" USING btree ("next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "outbox_sent_idx" ON "outbox" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "outbox_to_trgm_idx" ON "outbox" USING gin (("payload"->>'to') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_subject_trgm_idx" ON "outbox" USING gin (("payload"->>'subject') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_stripe_object_idx" ON "payment" USING btree ("stripe_object_id");--> statement-breakpoint
CREATE INDEX "review_created_idx" ON "review" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "review_rating_idx" ON "review" USING btree ("rating","id");--> statement-breakpoint
CREATE INDEX "subscription_created_idx" ON "subscription" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscription_start_idx" ON "subscription" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "subscription_end_idx" ON "subscription" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "subscription_price_idx" ON "subscription" USING btree ("price_pence","id");--> statement-breakpoint
CREATE INDEX "subscription_status_created_idx" ON "subscription" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "subscription_status_idx" ON "subscription" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "subscription_type_created_idx" ON "subscription" USING btree ("package_type","created_at","id");--> statement-breakpoint
CREATE INDEX "subscription_package_trgm_idx" ON "subscription" USING gin ("package_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thread_report_thread_idx" ON "thread_report" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_full_name_idx" ON "user" USING btree ("full_name","id");--> statement-breakpoint
CREATE INDEX "user_role_created_idx" ON "user" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_full_name_trgm_idx" ON "user" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");
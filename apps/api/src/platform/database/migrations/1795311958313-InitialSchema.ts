import { type MigrationInterface, type QueryRunner } from "typeorm";

export class InitialSchema1795311958313 implements MigrationInterface {
    name = 'InitialSchema1795311958313'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "audit_log" ("id" BIGSERIAL NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "actor_role" text NOT NULL, "actor_id" integer NOT NULL, "action" text NOT NULL, "order_id" integer, "patient_hetu" text, CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_f1c3cacfb3a8dcf9fb5512d48f" ON "audit_log"  ("patient_hetu") `);
        await queryRunner.query(`CREATE INDEX "idx_audit_log_order" ON "audit_log"  ("order_id", "at") `);
        await queryRunner.query(`CREATE TABLE "product" ("id" SERIAL NOT NULL, "name" text NOT NULL, "strength" text NOT NULL, "form" text NOT NULL, "available" boolean NOT NULL DEFAULT true, "renewable" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_bebc9158e480b949565b4dc7a82" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "customer" ("id" SERIAL NOT NULL, "hetu" text NOT NULL, "first_name" text NOT NULL, "last_name" text NOT NULL, "email" text NOT NULL, "phone" text NOT NULL, "password_hash" text NOT NULL, "sex" text NOT NULL, "marketing_allowed" boolean NOT NULL DEFAULT false, "approved_eula_version" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a7a13f4cacb744524e44dfdad32" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_c836ba3fba61e926d55a9a823c" ON "customer"  ("hetu") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_fdb2f3ad8115da4c7718109a6e" ON "customer"  ("email") `);
        await queryRunner.query(`CREATE TABLE "doctor" ("id" SERIAL NOT NULL, "email" text NOT NULL, "password_hash" text NOT NULL, "first_name" text NOT NULL, "last_name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee6bf6c8de78803212c548fcb94" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_bf6303ac911efaab681dc911f5" ON "doctor"  ("email") `);
        await queryRunner.query(`CREATE TABLE "notice_check" ("pharmacy_user_id" integer NOT NULL, "checked_version" integer NOT NULL, CONSTRAINT "PK_77488a3d46e93a2a56a9bc303f1" PRIMARY KEY ("pharmacy_user_id"))`);
        await queryRunner.query(`CREATE TABLE "notice" ("id" SERIAL NOT NULL, "header" text NOT NULL DEFAULT '', "additional_details" text NOT NULL DEFAULT '', "status" text NOT NULL DEFAULT 'unpublished', "version" integer NOT NULL DEFAULT '0', "updated_by_doctor_id" integer, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_705062b14410ff1a04998f86d72" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "sms_outbox" ("id" SERIAL NOT NULL, "phone" text NOT NULL, "body" text NOT NULL, "order_id" integer, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_8b64347e4647de6ac287b2ed834" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_sms_outbox_pending" ON "sms_outbox"  ("status", "next_attempt_at") `);
        await queryRunner.query(`CREATE TABLE "coupon" ("id" SERIAL NOT NULL, "code" text NOT NULL, "customer_id" integer, "order_item_id" integer, "amount_cents" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_fcbe9d72b60eed35f46dc35a682" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_62d3c5b0ce63a82c48e86d904b" ON "coupon"  ("code") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_84d0b8a12e4ff1789413016e09" ON "coupon"  ("order_item_id") WHERE "order_item_id" IS NOT NULL`);
        await queryRunner.query(`CREATE TABLE "orders" ("id" SERIAL NOT NULL, "source" text NOT NULL, "customer_id" integer, "pharmacy_id" integer, "office_id" integer, "pharmacy_user_id" integer, "pharmacy_data" jsonb, "patient_first_name" text NOT NULL, "patient_last_name" text NOT NULL, "patient_hetu" text NOT NULL, "delivery_option_id" text NOT NULL, "delivery_before_time" TIMESTAMP WITH TIME ZONE NOT NULL, "delivery_status" text NOT NULL DEFAULT 'waiting', "processing_start_time" TIMESTAMP WITH TIME ZONE, "doctor_id" integer, "delivery_time" TIMESTAMP WITH TIME ZONE, "price_cents" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_772d0ce0473ac2ccfa26060dbe" ON "orders"  ("customer_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_975c037f34c7258b37efea8a06" ON "orders"  ("office_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_59036604c22cdfd17a19bde63d" ON "orders"  ("doctor_id") `);
        await queryRunner.query(`CREATE INDEX "idx_orders_queue" ON "orders"  ("delivery_status", "delivery_before_time") `);
        await queryRunner.query(`CREATE TABLE "order_item" ("id" SERIAL NOT NULL, "order_id" integer NOT NULL, "type" text NOT NULL, "product_id" integer, "display_name" text NOT NULL, "format" text NOT NULL DEFAULT '', "reason" text NOT NULL DEFAULT '', "medical_problem" text, "chat" jsonb, "decision" text NOT NULL DEFAULT 'undecided', "reason_for_decision" text NOT NULL DEFAULT '', "decision_time" TIMESTAMP WITH TIME ZONE, "price_cents" integer NOT NULL DEFAULT '0', "renewable_till" date, "pharmacy_checked" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_d01158fe15b1ead5c26fd7f4e90" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_e9674a6053adbaa1057848cddf" ON "order_item"  ("order_id") `);
        await queryRunner.query(`CREATE TABLE "pharmacy" ("id" SERIAL NOT NULL, "name" text NOT NULL, "phone" text NOT NULL, CONSTRAINT "PK_f6712b909f461cf4fe9926e0c5d" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_74af9faac46c4f8e0d0e99f0d9" ON "pharmacy"  ("name") `);
        await queryRunner.query(`CREATE TABLE "pharmacy_office" ("id" SERIAL NOT NULL, "pharmacy_id" integer NOT NULL, "name" text NOT NULL, "level" text NOT NULL DEFAULT 'Apteekki', CONSTRAINT "PK_39863d3c67ce4e9532aba828afe" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "pharmacy_user" ("id" SERIAL NOT NULL, "pharmacy_id" integer NOT NULL, "username" text NOT NULL, "password_hash" text NOT NULL, "first_name" text NOT NULL, "last_name" text NOT NULL, "user_level" text NOT NULL DEFAULT 'user', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_672832178b734bba48fe9438ed1" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_e24b644f48b2c1dcee0e7a79e9" ON "pharmacy_user"  ("username") `);
        await queryRunner.query(`CREATE TABLE "pharmacy_user_office" ("pharmacy_user_id" integer NOT NULL, "pharmacy_office_id" integer NOT NULL, CONSTRAINT "PK_7d708eb8e63f25c4ad6bd3e1292" PRIMARY KEY ("pharmacy_user_id", "pharmacy_office_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_6de68e277bf2ee8d0a60d88e5d" ON "pharmacy_user_office"  ("pharmacy_user_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_add03a58384747ddb099a7ef24" ON "pharmacy_user_office"  ("pharmacy_office_id") `);
        await queryRunner.query(`ALTER TABLE "orders" ADD CONSTRAINT "FK_59036604c22cdfd17a19bde63dc" FOREIGN KEY ("doctor_id") REFERENCES "doctor"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "order_item" ADD CONSTRAINT "FK_e9674a6053adbaa1057848cddfa" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "pharmacy_office" ADD CONSTRAINT "FK_f69a966a790efe988f50aca78f0" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "pharmacy_user" ADD CONSTRAINT "FK_c18f730c1ee05bfd4e8bbe38267" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "pharmacy_user_office" ADD CONSTRAINT "FK_6de68e277bf2ee8d0a60d88e5d1" FOREIGN KEY ("pharmacy_user_id") REFERENCES "pharmacy_user"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "pharmacy_user_office" ADD CONSTRAINT "FK_add03a58384747ddb099a7ef245" FOREIGN KEY ("pharmacy_office_id") REFERENCES "pharmacy_office"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "pharmacy_user_office" DROP CONSTRAINT "FK_add03a58384747ddb099a7ef245"`);
        await queryRunner.query(`ALTER TABLE "pharmacy_user_office" DROP CONSTRAINT "FK_6de68e277bf2ee8d0a60d88e5d1"`);
        await queryRunner.query(`ALTER TABLE "pharmacy_user" DROP CONSTRAINT "FK_c18f730c1ee05bfd4e8bbe38267"`);
        await queryRunner.query(`ALTER TABLE "pharmacy_office" DROP CONSTRAINT "FK_f69a966a790efe988f50aca78f0"`);
        await queryRunner.query(`ALTER TABLE "order_item" DROP CONSTRAINT "FK_e9674a6053adbaa1057848cddfa"`);
        await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "FK_59036604c22cdfd17a19bde63dc"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_add03a58384747ddb099a7ef24"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_6de68e277bf2ee8d0a60d88e5d"`);
        await queryRunner.query(`DROP TABLE "pharmacy_user_office"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_e24b644f48b2c1dcee0e7a79e9"`);
        await queryRunner.query(`DROP TABLE "pharmacy_user"`);
        await queryRunner.query(`DROP TABLE "pharmacy_office"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_74af9faac46c4f8e0d0e99f0d9"`);
        await queryRunner.query(`DROP TABLE "pharmacy"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_e9674a6053adbaa1057848cddf"`);
        await queryRunner.query(`DROP TABLE "order_item"`);
        await queryRunner.query(`DROP INDEX "public"."idx_orders_queue"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_59036604c22cdfd17a19bde63d"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_975c037f34c7258b37efea8a06"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_772d0ce0473ac2ccfa26060dbe"`);
        await queryRunner.query(`DROP TABLE "orders"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_84d0b8a12e4ff1789413016e09"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_62d3c5b0ce63a82c48e86d904b"`);
        await queryRunner.query(`DROP TABLE "coupon"`);
        await queryRunner.query(`DROP INDEX "public"."idx_sms_outbox_pending"`);
        await queryRunner.query(`DROP TABLE "sms_outbox"`);
        await queryRunner.query(`DROP TABLE "notice"`);
        await queryRunner.query(`DROP TABLE "notice_check"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_bf6303ac911efaab681dc911f5"`);
        await queryRunner.query(`DROP TABLE "doctor"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_fdb2f3ad8115da4c7718109a6e"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_c836ba3fba61e926d55a9a823c"`);
        await queryRunner.query(`DROP TABLE "customer"`);
        await queryRunner.query(`DROP TABLE "product"`);
        await queryRunner.query(`DROP INDEX "public"."idx_audit_log_order"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f1c3cacfb3a8dcf9fb5512d48f"`);
        await queryRunner.query(`DROP TABLE "audit_log"`);
    }

}

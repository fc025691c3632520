import { type MigrationInterface, type QueryRunner } from "typeorm";

export class CartCoupons1795496584951 implements MigrationInterface {
    name = 'CartCoupons1795496584951'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "customer_cart_coupon" (
                "customer_id" integer NOT NULL,
                "coupon_id" integer NOT NULL,
                CONSTRAINT "PK_20e6865f0f0a3413cf700a4c43e" PRIMARY KEY ("customer_id")
            )
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon"
            ADD "percent_off" integer
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon"
            ADD "max_uses" integer
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon"
            ADD "uses" integer NOT NULL DEFAULT '0'
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon"
            ADD "valid_until" TIMESTAMP WITH TIME ZONE
        `);
        await queryRunner.query(`
            ALTER TABLE "customer_cart_coupon"
            ADD CONSTRAINT "FK_20e6865f0f0a3413cf700a4c43e" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "customer_cart_coupon"
            ADD CONSTRAINT "FK_529f62081ba5c4c2b5bff866713" FOREIGN KEY ("coupon_id") REFERENCES "coupon"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "customer_cart_coupon" DROP CONSTRAINT "FK_529f62081ba5c4c2b5bff866713"
        `);
        await queryRunner.query(`
            ALTER TABLE "customer_cart_coupon" DROP CONSTRAINT "FK_20e6865f0f0a3413cf700a4c43e"
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon" DROP COLUMN "valid_until"
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon" DROP COLUMN "uses"
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon" DROP COLUMN "max_uses"
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon" DROP COLUMN "percent_off"
        `);
        await queryRunner.query(`
            DROP TABLE "customer_cart_coupon"
        `);
    }

}

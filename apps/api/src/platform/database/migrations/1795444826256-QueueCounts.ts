import { type MigrationInterface, type QueryRunner } from "typeorm";

/**
 * Queue counts per handling option, kept by a trigger in the same transaction as every change
 * of an order's status (whoever writes it: the lifecycle, the seed, a fixture). One row per
 * option, and each change of one order touches one row, so concurrent changes cannot deadlock.
 */
export class QueueCounts1795444826256 implements MigrationInterface {
    name = 'QueueCounts1795444826256'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "order_queue_count" (
                "delivery_option_id" text NOT NULL,
                "waiting" integer NOT NULL DEFAULT '0',
                "processing" integer NOT NULL DEFAULT '0',
                CONSTRAINT "PK_431d3e475801aaa43aafc6d796e" PRIMARY KEY ("delivery_option_id")
            )
        `);
        await queryRunner.query(`
            CREATE FUNCTION order_queue_count_add(option text, waiting_delta int, processing_delta int) RETURNS void AS $$
            BEGIN
                IF waiting_delta = 0 AND processing_delta = 0 THEN RETURN; END IF;
                INSERT INTO order_queue_count (delivery_option_id, waiting, processing)
                VALUES (option, waiting_delta, processing_delta)
                ON CONFLICT (delivery_option_id) DO UPDATE
                SET waiting = order_queue_count.waiting + EXCLUDED.waiting,
                    processing = order_queue_count.processing + EXCLUDED.processing;
            END $$ LANGUAGE plpgsql
        `);
        await queryRunner.query(`
            CREATE FUNCTION order_queue_count_track() RETURNS trigger AS $$
            BEGIN
                IF TG_OP = 'UPDATE' AND OLD.delivery_option_id = NEW.delivery_option_id THEN
                    PERFORM order_queue_count_add(NEW.delivery_option_id,
                        (NEW.delivery_status = 'waiting')::int - (OLD.delivery_status = 'waiting')::int,
                        (NEW.delivery_status = 'processing')::int - (OLD.delivery_status = 'processing')::int);
                    RETURN NULL;
                END IF;
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    PERFORM order_queue_count_add(OLD.delivery_option_id,
                        -(OLD.delivery_status = 'waiting')::int, -(OLD.delivery_status = 'processing')::int);
                END IF;
                IF TG_OP IN ('UPDATE', 'INSERT') THEN
                    PERFORM order_queue_count_add(NEW.delivery_option_id,
                        (NEW.delivery_status = 'waiting')::int, (NEW.delivery_status = 'processing')::int);
                END IF;
                RETURN NULL;
            END $$ LANGUAGE plpgsql
        `);
        await queryRunner.query(`
            CREATE TRIGGER orders_queue_count AFTER INSERT OR DELETE OR UPDATE OF delivery_status, delivery_option_id ON orders
            FOR EACH ROW EXECUTE FUNCTION order_queue_count_track()
        `);
        await queryRunner.query(`
            INSERT INTO order_queue_count (delivery_option_id, waiting, processing)
            SELECT delivery_option_id,
                   count(*) FILTER (WHERE delivery_status = 'waiting'),
                   count(*) FILTER (WHERE delivery_status = 'processing')
            FROM orders GROUP BY delivery_option_id
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER orders_queue_count ON orders`);
        await queryRunner.query(`DROP FUNCTION order_queue_count_track()`);
        await queryRunner.query(`DROP FUNCTION order_queue_count_add(text, int, int)`);
        await queryRunner.query(`DROP TABLE "order_queue_count"`);
    }
}

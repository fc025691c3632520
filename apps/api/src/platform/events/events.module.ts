import { Global, Module } from '@nestjs/common';
import { EventBus } from './event-bus.js';

/**
 * The event door. Global on purpose (the one global module besides the app's config and
 * database): every module emits its domain events through it, and importing it everywhere
 * would only add noise.
 */
@Global()
@Module({ providers: [EventBus], exports: [EventBus] })
export class EventsModule {}

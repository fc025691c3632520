/**
 * The events of the integrator contract: a schema per event type (its `type` a constant, its
 * `data.object` the order, the notice or the test object), `Event` as their discriminated union
 * (what GET /api/v1/events lists and every delivery's body is), and each event as a callback of
 * POST /api/v1/webhook-endpoints with the signature header declared. Written here rather than by
 * decorators: @nestjs/swagger cannot say a discriminated union.
 */
import { INTEGRATOR_API_VERSION, INTEGRATOR_TEST_EVENT, INTEGRATOR_WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, type IntegratorEventType } from '@resepti/domain';

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Each event type: its schema's name, what its `data.object` is, whether it tells a change (then `previous_attributes`), and when it is sent. */
const EVENTS: Record<IntegratorEventType, { name: string; object: string; change: boolean; when: string }> = {
  'order.created': { name: 'OrderCreatedEvent', object: 'Order', change: false, when: 'An order was placed (by this or another client of the pharmacy).' },
  'order.processing': { name: 'OrderProcessingEvent', object: 'Order', change: true, when: 'A doctor took the order to handle.' },
  'order.released': { name: 'OrderReleasedEvent', object: 'Order', change: true, when: 'The order is waiting again: its doctor put it back in the queue, or another doctor released it.' },
  'order.delivered': {
    name: 'OrderDeliveredEvent',
    object: 'Order',
    change: true,
    when: 'The doctor delivered the order: its decisions (and the prescribed medicines of the approved items) are in `prescriptions`. This is the order’s decision.',
  },
  'order.e-prescription': {
    name: 'OrderEPrescriptionEvent',
    object: 'Order',
    change: true,
    when: "An approved item's prescription was recorded in (or refused by) Kanta's Prescription Centre, or sent again: see the item's `ePrescription`.",
  },
  'notice.published': { name: 'NoticePublishedEvent', object: 'Notice', change: false, when: 'The doctors published a notice to all pharmacies.' },
  [INTEGRATOR_TEST_EVENT]: { name: 'WebhookTestEvent', object: 'WebhookTestObject', change: false, when: 'POST /api/v1/webhook-endpoints/{id}/test: no patient data.' },
};

const OBJECTS: Record<string, Json> = {
  Notice: {
    type: 'object',
    description: 'The doctors’ notice to pharmacies.',
    required: ['id', 'header', 'additionalDetails', 'status'],
    properties: {
      id: { type: 'integer', example: 1 },
      header: { type: 'string', example: 'Palvelu suljettu juhannuksena' },
      additionalDetails: { type: 'string', example: 'Tilaukset käsitellään maanantaina.' },
      status: { type: 'string', enum: ['published', 'unpublished'], example: 'published' },
    },
  },
  WebhookTestObject: {
    type: 'object',
    required: ['endpointId', 'message'],
    properties: { endpointId: { type: 'integer', example: 3 }, message: { type: 'string', example: 'Resepti webhook test' } },
  },
  OrderPreviousAttributes: {
    type: 'object',
    description: 'The values the changed fields of the order had before this change (only those that changed).',
    properties: {
      deliveryStatus: { type: 'string', enum: ['waiting', 'processing', 'delivered'], example: 'processing' },
      deliveryTime: { type: 'string', format: 'date-time', nullable: true, example: null },
      prescriptions: { type: 'array', items: ref('Prescription') },
    },
  },
};

function eventSchema(type: IntegratorEventType, example: Json | undefined): Json {
  const { object, change, when } = EVENTS[type];
  const data: Json = {
    type: 'object',
    required: ['object', ...(change ? ['previous_attributes'] : [])],
    properties: { object: ref(object), ...(change ? { previous_attributes: ref('OrderPreviousAttributes') } : {}) },
  };
  return {
    type: 'object',
    description: when,
    required: ['id', 'type', 'api_version', 'created', 'livemode', 'data'],
    properties: {
      id: { type: 'string', pattern: '^evt_[A-Za-z0-9_-]+$', description: 'Drop repeats by it.', example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ' },
      type: { type: 'string', enum: [type], example: type },
      api_version: { type: 'string', description: 'The contract version the event was written in.', example: INTEGRATOR_API_VERSION },
      created: { type: 'string', format: 'date-time', example: '2026-11-25T08:00:00.000Z' },
      livemode: { type: 'boolean', description: 'false: a sandbox client’s event (a sandbox order, a triggered or test event).', example: true },
      data,
    },
    ...(example ? { example } : {}),
  };
}

/** The header every delivery carries. */
const SIGNATURE_PARAMETER = {
  name: WEBHOOK_SIGNATURE_HEADER,
  in: 'header',
  required: true,
  description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" by the endpoint’s secret>`; a second `v1=` (the previous secret’s) during a rotation’s overlap. Accept the delivery when any `v1` matches and `t` is within 5 minutes.',
  schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
  example: 't=1764057600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
};

/** A delivery of `type` to the endpoint's URL, as a callback operation. */
function deliveryOperation(type: IntegratorEventType): Json {
  const { name, when } = EVENTS[type];
  return {
    post: {
      operationId: `deliver${name}`,
      summary: `Delivery of ${type}`,
      description: `${when} Retried with a doubling wait for 24 h until the receiver answers 2xx.`,
      tags: ['Webhooks'],
      security: [],
      parameters: [SIGNATURE_PARAMETER],
      requestBody: { required: true, content: { 'application/json': { schema: ref(name) } } },
      responses: {
        '200': { description: 'Received: any 2xx ends the tries.' },
        '400': { description: 'Refused (e.g. a signature that does not match): tried again later.' },
      },
    },
  };
}

/**
 * The document with the event schemas, `Event` as their union and the deliveries as callbacks of
 * POST /api/v1/webhook-endpoints. `orderExample` is an order as the examples show it.
 */
export function withEventContract(doc: { paths: object; components: { schemas: Record<string, Json> } }, orderExample: Json): void {
  const schemas = doc.components.schemas;
  Object.assign(schemas, OBJECTS);
  const delivered = {
    id: 'evt_wuzdkgtJfMPzYa3wqmwhMQ',
    type: 'order.delivered',
    api_version: INTEGRATOR_API_VERSION,
    created: '2026-11-25T08:00:00.000Z',
    livemode: true,
    data: { object: orderExample, previous_attributes: { deliveryStatus: 'processing', deliveryTime: null } },
  };
  const types: IntegratorEventType[] = [...INTEGRATOR_WEBHOOK_EVENTS, INTEGRATOR_TEST_EVENT];
  for (const type of types) schemas[EVENTS[type].name] = eventSchema(type, type === 'order.delivered' ? delivered : undefined);
  schemas.Event = {
    description: 'An event: its `type` says which of the schemas it follows.',
    oneOf: types.map((type) => ref(EVENTS[type].name)),
    discriminator: { propertyName: 'type', mapping: Object.fromEntries(types.map((type) => [type, `#/components/schemas/${EVENTS[type].name}`])) },
    example: delivered,
  };
  const create = (doc.paths as Record<string, Record<string, Json> | undefined>)['/api/v1/webhook-endpoints']?.post;
  if (create) create.callbacks = Object.fromEntries(types.map((type) => [type, { '{$request.body#/url}': deliveryOperation(type) }]));
}

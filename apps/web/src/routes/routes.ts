/** Route paths of the web app (SPEC section 2). */
export const ROUTES = {
  home: '/',
  registerHello: '/registerHello',
  customerInfo: '/tietoa-asiakkaalle',
  accessibility: '/saavutettavuusseloste',
  /** Where a closed account's browser lands (POST /my-user/delete). */
  accountClosed: '/tili-poistettu',

  customerLogin: '/login',
  doctorLogin: '/logindoctor',
  /** Alias of doctorLogin kept for old links. */
  doctorLoginAlias: '/loginDoctor',
  pharmacyLogin: '/loginapteekki',

  customerHello: '/hello',
  customerPrescriptions: '/reseptit',
  customerHandling: '/handling',
  /** The embedded test checkout (no STRIPE_SECRET_KEY): /kassa/{sessionId}. */
  customerCheckout: '/kassa/:sessionId',
  customerProfile: '/profile',

  doctorQueue: '/doctor',
  doctorHistory: '/doctor/history',
  doctorAdmin: '/doctor/admin',

  pharmacyWorkbench: '/reseptitapteekki',
  pharmacyOffice: '/toimipaikka',
  pharmacyAdmin: '/adminapteekki',
  pharmacyPrint: '/print',

  /** Staff TOTP setup (doctors and pharmacy users; also before the first sign-in when required). */
  staffMfa: '/kaksivaiheinen-tunnistautuminen',
} as const;

/** Query parameter of /reseptit that opens the 'Hae Reseptiä' chat on narrow screens (the add button). */
export const CUSTOMER_CHAT_PARAM = 'haku';
/** /reseptit?maksu={id}: back from a checkout; its outcome is shown (PaymentReturnNotice). */
export const PAID_CHECKOUT_PARAM = 'maksu';

/** Server-side start of strong identification (registration and forgotten password). */
export const REGISTRATION_START_URL = '/ui-api/v1/registration/start';

/** The forgotten-password link: the same identification, then a new password. */
export const PASSWORD_RESET_START_URL = `${REGISTRATION_START_URL}?purpose=password-reset`;

/**
 * English: the patient's screens translated from the Finnish source (texts/*.ts), with the terms of
 * the glossary in docs/i18n.md (prescription, renewal, doctor, pharmacy, personal identity code).
 * Loaded by a dynamic import only when English is used; checked by the compiler against the
 * Finnish catalog (Translation<…>); staff screens fall back to Finnish.
 */
import { formatMoney, messageTable, PRICE_NEW_PRESCRIPTION_CENTS, PRICE_RENEWAL_CENTS } from '@resepti/domain';
import type { TranslatedCatalog } from './translated-catalog';
import { CUSTOMER_EN } from './en/customer';

const RENEWAL_PRICE = formatMoney(PRICE_RENEWAL_CENTS, 'en');
const NEW_PRESCRIPTION_PRICE = formatMoney(PRICE_NEW_PRESCRIPTION_CENTS, 'en');
const PROVIDER_NAME = 'Resepti Oy';
const PRIVACY_EMAIL = 'tietosuoja@resepti.fi';

const ROLE_FOR: Readonly<Record<string, string>> = { customer: 'customers', doctor: 'doctors', pharmacy: 'pharmacy staff' };
const ROLE_AS: Readonly<Record<string, string>> = { customer: 'a customer', doctor: 'a doctor', pharmacy: 'a pharmacy user' };

export const EN: TranslatedCatalog = {
  app: {
    appName: 'Resepti',
    common: {
      loading: 'Loading…',
      logout: 'Log out',
      backToHome: 'Back to the front page',
      unexpectedError: 'Something went wrong. Please try again in a moment.',
      retry: 'Try again',
      pageLoadFailed: 'The page could not be loaded because the connection to the server was lost. The page loads by itself when the connection returns.',
      close: 'Close',
      mainNavigation: 'Main menu',
      skipToContent: 'Skip to content',
      cancel: 'Cancel',
      language: 'Language',
    },
    live: {
      connected: 'Live',
      polling: 'Updated periodically',
      offline: 'No connection to the server',
      offlineNote: 'No connection to the server. The information shown may be out of date; actions are disabled until the connection returns. Reconnecting automatically.',
    },
    session: {
      expiring: 'Session closing',
      text: (time: string) => `You will be logged out in ${time} unless you continue.`,
      continue: 'Continue',
      expired: 'Your session has expired. Please log in again.',
    },
    wrongRole: {
      title: 'This view belongs to another user group',
      body: (view: string, own: string | null) =>
        `This view is meant for ${ROLE_FOR[view] ?? ''}.` + (own ? ` You are logged in as ${ROLE_AS[own] ?? ''}.` : ' You are logged in with another account.'),
      ownStart: 'Go to your own front page',
    },
    notFound: {
      heading: 'Page not found',
      body: 'The page you are looking for does not exist. Check the address or go back to the front page.',
      link: 'To the front page',
    },
    login: {
      heading: 'Log in',
      username: 'Username',
      email: 'E-mail',
      password: 'Password',
      submit: 'Log in',
      failed: 'Incorrect login details. Please try again',
      forgotPassword: 'Forgot your password? Identify yourself with online banking credentials',
      customerIntro: 'Customer login',
      doctorIntro: 'Doctor login',
      pharmacyIntro: 'Pharmacy login',
      codeLabel: 'Verification code',
      codeHint: 'Enter the 6-digit code of your authenticator app or one of your recovery codes.',
      codeSubmit: 'Confirm',
      codeFailed: 'The verification code is wrong or has expired. Please try again',
    },
    landing: {
      heroTitle: 'Prescriptions online, safely',
      heroText:
        'Renew your old prescription or request a new prescription for a urinary tract infection, erectile dysfunction or allergy. ' +
        "The service's doctor handles your order, and you get a text message when it has been handled.",
      createAccount: 'Create an account',
      login: 'Log in',
      professionalsHeading: 'For professionals',
      doctorLogin: 'Doctor login',
      pharmacyLogin: 'Pharmacy login',
      faqHeading: 'Frequently asked questions',
      pricesHeading: 'Prices',
      sectionNav: 'Sections of the page',
      customerInfoLink: 'Information for customers',
      priceRenewal: `Prescription renewal ${RENEWAL_PRICE} / medicine`,
      priceNew: `New prescription ${NEW_PRESCRIPTION_PRICE} / medicine`,
      identificationCancelled: 'The identification was cancelled. No account was created and nothing was saved. You can start again at any time.',
      identificationFailed: 'The identification did not succeed. Nothing was saved. Please try again.',
    },
    faq: [
      {
        id: 'uusinta',
        title: 'Renewing an old prescription',
        body: [
          'You can renew your old prescription online: choose the medicine, tell briefly why it needs renewing and send the order to the doctor.',
          'Only medicines that are not narcotics can be renewed through the service. Medicines classified as narcotics and PKV medicines (mainly medicines acting on the central nervous system) cannot be renewed through the service.',
        ],
      },
      {
        id: 'uusi-resepti',
        title: 'New prescription',
        body: [
          'You can request a new prescription for a urinary tract infection, erectile dysfunction and allergy. First you answer a short questionnaire about your symptoms and health.',
          "The final decision on issuing a prescription is always made by the service's doctor.",
        ],
      },
      {
        id: 'kasittelyaika',
        title: 'How quickly is my order handled?',
        body: [
          'Orders are handled within 12 hours on weekdays.',
          'Orders placed after 18:00 on Friday are handled on the next weekday.',
          'You get a text message when your order has been handled.',
        ],
      },
      {
        id: 'hinnat',
        title: 'What does the service cost?',
        body: [`Renewing a prescription costs ${RENEWAL_PRICE} per medicine.`, `A new prescription costs ${NEW_PRESCRIPTION_PRICE} per medicine.`],
      },
      {
        id: 'maksaminen',
        title: 'How do I pay?',
        body: ['You can pay with Finnish bank cards and the major credit cards.'],
      },
      {
        id: 'tili',
        title: 'How do I create an account and log in?',
        body: [
          'The account is created by strong identification with your online banking credentials. After that you give your e-mail address, phone number and a password and accept the terms of use.',
          'From then on you log in to the service with your e-mail address and password.',
        ],
      },
    ],
    legal: {
      termsTitle: 'Terms of use',
      privacyTitle: 'Privacy statement',
      terms: [
        `The Resepti service is provided by ${PROVIDER_NAME}. By using the service you accept these terms of use.`,
        "In the service you can renew old prescriptions and request a new prescription for certain conditions. The final decision on issuing a prescription is always made by the service's doctor.",
        'Medicines classified as narcotics and PKV medicines cannot be renewed through the service.',
        `Renewing a prescription costs ${RENEWAL_PRICE} and a new prescription ${NEW_PRESCRIPTION_PRICE} per medicine. Payment is made when ordering.`,
        'Orders are handled within 12 hours on weekdays. Orders placed after 18:00 on Friday are handled on the next weekday.',
      ],
      privacy: [
        `Data controller: ${PROVIDER_NAME}.`,
        'Name of the register: customer and patient register of the Resepti service.',
        'We process your name, personal identity code, contact details and your order, prescription and payment details to provide the prescription service and to meet our statutory obligations.',
        "The data is received from you, from the strong identification and from the service's doctor. The data is not disclosed to third parties except where the law allows or requires it.",
        'You have the right to see your data and to ask for incorrect data to be corrected.',
        `Data protection enquiries: ${PRIVACY_EMAIL}.`,
      ],
    },
    customerInfo: {
      heading: 'Information for customers',
      intro: `The Resepti service is provided by ${PROVIDER_NAME}, which is also the controller of your personal data.`,
    },
    trust: {
      stepsHeading: 'How the service works',
      steps: [
        'Create an account by strong identification with your online banking credentials.',
        'Choose the medicine to renew or answer a short questionnaire about your symptoms, and pay the order by card.',
        "The service's doctor handles your order within 12 hours on weekdays, and you get a text message when it has been handled.",
      ],
      doctorsHeading: "The service's doctors",
      doctors: [
        "Your order is always handled by a doctor licensed in Finland. You can check a doctor's professional rights in Valvira's public JulkiTerhikki register.",
        "The final decision on issuing a prescription is always made by the service's doctor. If, based on your information, the medicine cannot safely be prescribed remotely, the doctor tells you why and refers you to your own doctor when needed.",
      ],
      contactHeading: 'Customer service',
      contactPhone: 'Phone',
      contactEmail: 'E-mail',
      contactHours: 'Opening hours',
      contactNote: 'Do not send your health information by e-mail. In urgent cases contact your health centre or emergency clinic; in an emergency call 112.',
      providerHeading: 'Service provider',
      businessId: 'Business ID',
      address: 'Address',
      privacyHeading: 'Data protection',
      privacyText: 'The service provider is the controller of your personal data. Read more in the privacy statement.',
      privacyContact: 'Data protection questions',
      accessibilityLink: 'Accessibility statement',
    },
    accessibility: {
      heading: 'Accessibility statement',
      intro: `This accessibility statement covers the Resepti web service (the customer's pages: front page, information for customers, account creation, login, prescriptions, checkout and my account). The service is provided by ${PROVIDER_NAME}. The statement was prepared on 25 November 2026.`,
      statusHeading: 'Accessibility status of the service',
      status:
        'The service partly meets the level A and AA accessibility requirements of WCAG 2.1. The service works with the keyboard alone, with a screen reader and on a 390 pixel wide screen without horizontal scrolling.',
      assessmentHeading: 'How accessibility was assessed',
      assessment:
        "The assessment is our own: every customer view is checked automatically with the axe tool at widths of 1280 and 390 pixels, and the service's journeys have been gone through with the keyboard alone.",
      gapsHeading: 'Content that is not yet accessible',
      gaps: [
        "The customer's pages are in Finnish, Swedish and English; the doctor's and pharmacy's views are in Finnish only for now.",
        'Card details are entered on the payment provider’s page, whose accessibility is the payment provider’s responsibility.',
      ],
      feedbackHeading: 'Give feedback on accessibility',
      feedback: 'Did you notice a shortcoming? Tell us, and we will fix it or provide the information in another way. We answer within 14 days.',
      feedbackEmail: 'E-mail',
      supervisionHeading: 'Supervisory authority',
      supervision:
        'If you are not satisfied with the answer or get no answer within 14 days, you can notify the supervisory authority. Instructions are on the website saavutettavuusvaatimukset.fi.',
    },
    paymentConfirmation: {
      heading: 'Payment received',
      deadline: (when: string) => `The doctor handles your order by ${when} at the latest.`,
      rules: 'Orders are handled within 12 hours on weekdays. Orders placed after 18:00 on Friday are handled on the next weekday.',
      sms: (phone: string) => `You get a text message at ${phone} when your order has been handled.`,
    },
    customer: {
      prescriptionsHeading: 'Prescriptions',
      profileHeading: 'My account',
    },
  },
  customer: CUSTOMER_EN,
  medicineSearch: {
    searchLabel: 'Name of the medicine',
    suggestionsLabel: 'Suggestions',
    notFound: 'The medicine you are looking for was not found',
    notFoundNote: 'Medicines classified as narcotics and PKV medicines (mainly medicines acting on the central nervous system) cannot be renewed through the service.',
    catalogueUnavailable: 'The medicine list is not available right now, so renewals cannot be searched. Please try again later.',
  },
  provider: {
    serviceHours: 'weekdays 8–18',
  },
  messages: messageTable('en'),
};

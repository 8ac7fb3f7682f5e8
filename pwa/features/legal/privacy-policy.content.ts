import { OPERATOR, PRIVACY_ADDRESS, type LegalDocument } from './legal-document.ts';

// Efie's privacy policy: twelve sections (spec part 2 §2), the retention periods of §9, the
// minimum age of 18, Ghana's Data Protection Act, 2012 (Act 843), California (CCPA/CPRA) and GDPR.

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  effective: '7/26/2025',
  lastUpdated: '7/26/2025',
  intro:
    'This policy explains what personal information Efie collects when you use our website and app, why we collect it, who we share it with, how long we keep it and the rights you have over it. Please read it together with our Terms of Service.',
  sections: [
    {
      title: 'Introduction',
      blocks: [
        `Efie ("Efie", "we", "us" or "our") is operated by ${OPERATOR}. Efie is an online marketplace that connects people looking for a home to rent or buy ("Guests") with landlords, property owners, managers and agents ("Hosts"), and with home-maintenance service providers. We serve people in Ghana, California, Jamaica and the Dominican Republic.`,
        'Efie is a connection service only. We do not collect, process or hold rent, deposits or any other money paid between Guests and Hosts, and we never ask you for such payments. Any payment for a tenancy is made directly between you and the other party.',
        'For the personal information described in this policy, Efie is the "controller" (in the words of the GDPR) and the "data controller" (in the words of Ghana\'s Data Protection Act, 2012 (Act 843)). We are registered, or will register before we are required to, with the Data Protection Commission of Ghana.',
        'This policy applies to the Efie website, the installable Efie app and the messages we send you. It does not apply to websites or services of others that we link to, which have their own policies.',
      ],
    },
    {
      title: 'Information We Collect',
      blocks: [
        { heading: 'Information you provide' },
        {
          list: [
            'Account details: first and last name, e-mail address and/or phone number, password (stored only as a one-way hash), account type (renter, owner or agent) and, for agents, a business name and licence number.',
            'Listings: the address, city, country, description, prices, amenities and photos of a property you list. Photos are re-encoded when uploaded, which removes hidden location (GPS) and camera data.',
            'Messages: what you write to us through the support and contact forms, with the name, e-mail address, phone number and role you give us.',
            'Service-provider applications: business name, contact person, contact details, business address, service area, experience and the services offered.',
            'Videos and other files you upload for review.',
          ],
        },
        { heading: 'Information collected automatically' },
        {
          list: [
            "Usage data: the pages you visit, the date and time of each page view, the page you arrived on, and the listings you save. We keep the address of each page without the part after a question mark (such as your search terms or a link's code).",
            "A random device identifier (for example visitor_1767225600000_k3j2h1) that the app creates and keeps in your browser's local storage, so that several visits from one device count as one visitor. It says nothing about you; clearing the site data in your browser removes it. If you are signed in, your page views are linked to your account.",
            'Device and connection data: your IP address and browser type. For visitor statistics we keep only the network part of your IP address (for example 41.66.12.0/24 instead of the full address) and the city and country it is located in. The city and country are looked up on our own servers in the GeoLite2 database; your IP address is not sent to anyone else for this. This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com, licensed under the Creative Commons Attribution-ShareAlike 4.0 International licence (CC BY-SA 4.0).',
            'We count page views ourselves. Efie has no third-party trackers: no analytics, advertising or social-media scripts, pixels or cookies of others.',
            "Data kept on your device: the app stores pages you have viewed and actions you took offline (for example a message or a saved property waiting for a connection) in your browser's storage, so that it works without a signal. This data stays on your device until it is sent or you clear it.",
            'A session cookie that keeps you signed in. We do not use advertising cookies.',
          ],
        },
        { heading: 'Information from third parties' },
        "We may receive information about you from other users (for example a Host who names you as a contact), from service providers who help us verify accounts or deliver messages (for example the delivery status of an SMS), and from public registers when we check a business or an agent's licence.",
      ],
    },
    {
      title: 'How We Use Your Information',
      blocks: [
        'We use personal information only for the purposes below, and for each we rely on a lawful basis: performing our contract with you, your consent, our legitimate interests (which we balance against your rights), or a legal obligation.',
        {
          list: [
            'To create and secure your account, verify your e-mail address or phone number and let you sign in (contract).',
            'To publish listings after review, show them to Guests and let registered users contact Hosts (contract).',
            'To answer your support and contact messages and keep a record of what we replied (contract and legitimate interests).',
            'To review listings, photos, videos and service-provider applications, and to detect and prevent fraud, scams, spam and misuse of Efie (legitimate interests and legal obligations).',
            'To understand how Efie is used and improve it: our administrators see visitor statistics (page views, visitors, top pages, countries and cities) and a list of recent visitors with their device identifier, network, city, country and pages viewed, and, for signed-in visitors, their name and e-mail address (legitimate interests).',
            'To send service messages such as verification codes, password-reset links and notices about your account (contract). We send marketing messages only with your consent, and you can withdraw it at any time.',
            'To comply with the law, respond to lawful requests from authorities and establish or defend legal claims (legal obligations and legitimate interests).',
          ],
        },
        'We do not sell your personal information, and we do not use it to make decisions about you that have legal or similarly significant effects by automated means alone.',
      ],
    },
    {
      title: 'How We Share Your Information',
      blocks: [
        'We share personal information only as described here:',
        {
          list: [
            "With other users, as the service requires: a live listing shows the Host's name and, to signed-in users, the Host's contact details; a provider's approved profile is shown in the service directory.",
            'With service providers who process data on our behalf under written contracts and only on our instructions: hosting and storage, e-mail and SMS delivery, security and virus scanning.',
            'With authorities, courts or other parties when the law requires it, or when it is necessary to protect the rights, property or safety of Efie, our users or the public.',
            'With a buyer or successor if Efie is reorganised, merged or sold, in which case this policy continues to protect your information.',
          ],
        },
        'We never sell or rent your personal information to third parties for their own marketing, and we do not "share" it for cross-context behavioural advertising as California law defines it.',
      ],
    },
    {
      title: 'Data Security',
      blocks: [
        'We protect personal information with technical and organisational measures suited to the risk, as Act 843 and the GDPR require. These include encrypted connections (HTTPS), passwords stored only as salted memory-hard hashes, verification codes and reset links stored only as hashes, session cookies that scripts cannot read, limits on repeated sign-in attempts and messages, virus scanning of uploaded videos, and access to administrative tools for authorised staff only.',
        'No system is perfectly secure. If a breach of security is likely to put your rights at risk, we will tell you and the competent authorities (in Ghana, the Data Protection Commission) without undue delay, as the law requires.',
        'You help protect your account by keeping your password secret and signing out on shared devices.',
      ],
    },
    {
      title: 'Data Retention',
      blocks: [
        'We keep personal information only as long as we need it for the purposes in this policy or as the law requires, and then delete or anonymise it:',
        {
          list: [
            'Account data: for as long as your account exists, and for 7 years after it is deleted, to meet legal, tax and dispute-resolution obligations.',
            'Payment data (for example records of a listing subscription): typically 7 years, as accounting and tax laws require. Efie never holds rent money.',
            'Communications (support and contact messages and our replies): 3 years after our last interaction with you.',
            'Usage data: 2 years from collection, and then deleted. This covers each page view with its device identifier, the network part of the IP address, city and country.',
          ],
        },
        'Verification codes expire after 15 minutes and reset links after 60 minutes. Information kept longer because of a legal claim or an investigation is deleted when the matter is closed.',
      ],
    },
    {
      title: 'Your Rights and Choices',
      blocks: [
        'Wherever you live, you can ask us to:',
        {
          list: [
            'confirm whether we hold personal information about you and give you a copy of it;',
            'correct information that is inaccurate, incomplete or out of date (you can change most of it yourself in Account Settings);',
            'delete your information, unless we must keep it for a reason given in this policy;',
            'restrict or object to our use of it, including any direct marketing;',
            'give you the information you provided in a portable, machine-readable form;',
            'withdraw a consent you gave, without affecting what we did before.',
          ],
        },
        "Under Ghana's Data Protection Act, 2012 (Act 843), you may also ask us to stop processing that causes you damage or distress, and you may complain to the Data Protection Commission of Ghana.",
        `To exercise a right, write to ${PRIVACY_ADDRESS}. We will confirm your identity before acting, answer within the time the law allows (usually 30 days, at most 45 days for California requests), and never charge you or treat you differently for asking.`,
      ],
    },
    {
      title: 'International Data Transfers',
      blocks: [
        'Efie is operated from the United States, and your information is stored and processed in the United States, whichever country you use Efie from. Our service providers may also process it in other countries.',
        "The United States may not offer the same level of protection as your country. When we transfer personal information out of Ghana, the European Economic Area or the United Kingdom, we do so as the law allows: with your consent where it is required, when the transfer is necessary for our contract with you, or under safeguards such as the European Commission's standard contractual clauses, and in all cases with the security measures described in this policy.",
      ],
    },
    {
      title: "Children's Privacy",
      blocks: [
        'Efie is not intended for anyone under 18 years of age, and you must be at least 18 to create an account. We do not knowingly collect personal information from children.',
        `If you believe a child has given us personal information, write to ${PRIVACY_ADDRESS} and we will delete it and close any account the child opened.`,
      ],
    },
    {
      title: 'State and Regional Privacy Rights (California and GDPR)',
      blocks: [
        { heading: 'California residents (CCPA, as amended by the CPRA)' },
        'In the last 12 months we collected these categories of personal information: identifiers (name, e-mail, phone, IP address), customer records, commercial information (listings and subscriptions), internet activity (usage data), approximate geolocation, and professional information (for agents and service providers), for the purposes in section 3 and from the sources in section 2. We disclosed them for business purposes only to the service providers in section 4.',
        'We do not sell or share personal information, and we do not use or disclose sensitive personal information for purposes that would give you a right to limit it. You have the right to know, access, correct and delete your personal information, and not to be discriminated against for exercising these rights. You may use an authorised agent, who must show us your signed permission. We honour Global Privacy Control signals as a request to opt out.',
        { heading: 'People in the European Economic Area and the United Kingdom (GDPR)' },
        'The lawful bases for each use are set out in section 3. Besides the rights in section 7, you may object at any time to processing based on our legitimate interests, and you may lodge a complaint with the supervisory authority of the country where you live or work, or where an infringement took place.',
        { heading: 'Ghana' },
        'Our processing follows the data protection principles of Act 843: accountability, lawfulness, specified purpose, compatibility of further processing, quality of information, openness, security safeguards and data-subject participation.',
      ],
    },
    {
      title: 'Changes to This Policy',
      blocks: [
        'We may update this policy when our service or the law changes. The date at the top shows when it last changed. If a change materially affects how we use your personal information, we will tell you by e-mail or with a notice in the app before it takes effect, and ask for your consent where the law requires it.',
      ],
    },
    {
      title: 'Contact Us',
      blocks: [
        `Questions, requests and complaints about privacy: ${PRIVACY_ADDRESS}. Support: support@efie.app. You can also write to us through our contact page.`,
        'If you are not satisfied with our answer, you may complain to the Data Protection Commission of Ghana, to the California Privacy Protection Agency, or to your local data protection authority.',
      ],
    },
  ],
};

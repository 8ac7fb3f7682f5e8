import { OPERATOR, type LegalDocument } from './legal-document.ts';

// Efie's terms of service: twenty sections (spec part 2 §2), the liability limit, arbitration
// and governing law of §9, the minimum age of 18, and that Efie never handles rent money.

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  effective: '7/25/2025',
  lastUpdated: '7/25/2025',
  intro:
    'These terms are a contract between you and Efie. They set out what Efie does and does not do, what we expect of Hosts and Guests, and how disagreements are settled. Section 13 contains an agreement to arbitrate: please read it carefully.',
  sections: [
    {
      title: 'Acceptance of Terms',
      blocks: [
        `These Terms of Service ("Terms") govern your use of the Efie website, the installable Efie app and related services (together, the "Services"), operated by ${OPERATOR} ("Efie", "we", "us").`,
        'By creating an account or using the Services, you agree to these Terms and to our Privacy Policy. If you do not agree, do not use the Services. If you use the Services for a company or other organisation, you confirm that you may bind it to these Terms.',
      ],
    },
    {
      title: 'Description of Service',
      blocks: [
        'Efie is an online marketplace that connects people looking for a home ("Guests") with landlords, property owners, managers and agents ("Hosts"), and lists home-maintenance service providers. Hosts publish listings, which go live after our review; Guests search, save and contact Hosts.',
        'Efie is a connection service only. Efie does not process rental payments, collect or hold rent, deposits or any other funds, act as a broker, agent or landlord, own or manage any listed property, or guarantee any listing, Host, Guest or service provider. Any agreement for a tenancy or a service is made directly between the parties, who alone are responsible for it. Efie will never ask you to pay rent or a deposit to Efie.',
      ],
    },
    {
      title: 'Eligibility',
      blocks: [
        'You must be at least 18 years old and have the legal capacity to enter into a binding contract in the place where you live to use the Services. By using them you confirm that you are.',
        'You may not use the Services if we have suspended or terminated your account, or if the law of your country forbids it. Hosts who are agents confirm that they hold any licence their work requires.',
      ],
    },
    {
      title: 'Prohibited Conduct',
      blocks: [
        'You agree not to:',
        {
          list: [
            'post false, misleading or duplicate listings, or list a property you have no right to let or sell;',
            "ask anyone to pay money before they have viewed a property and seen proof of the lister's right to let it, or use Efie for any scam or fraud;",
            'discriminate against anyone on grounds such as race, ethnicity, tribe, religion, sex, disability, family status or national origin;',
            "harass, threaten or impersonate anyone, or collect other users' contact details for purposes unrelated to a tenancy;",
            'upload content that is unlawful, infringing, obscene or that contains viruses or other harmful code;',
            'copy the Services or their content by automated means, interfere with their security or operation, or get around any limit we apply;',
            'send spam or unsolicited advertising through the Services.',
          ],
        },
      ],
    },
    {
      title: 'Host Responsibilities',
      blocks: [
        'If you list a property, you confirm that you own it or are authorised by its owner to let or sell it, and that your listing, including its price, photos, location and amenities, is accurate and kept up to date.',
        "You are responsible for complying with the laws that apply to you and your property, including those on tenancy, rent, advance rent, building safety, licensing and tax, such as Ghana's Rent Act, 1963 (Act 220) and the landlord-tenant laws of California, Jamaica and the Dominican Republic as they apply. You must remove or mark a listing that is no longer available.",
      ],
    },
    {
      title: 'Guest Responsibilities',
      blocks: [
        'Guests are responsible for their own decisions. Before paying anything or signing an agreement, visit the property, check the identity of the person you deal with and their right to let it, and read the agreement. Pay only the Host or their authorised agent directly, never through anyone claiming to act for Efie.',
        'You must treat Hosts and their properties with respect and give accurate information when you contact them.',
      ],
    },
    {
      title: 'Service Limitations',
      blocks: [
        'We review listings before they go live, but our review is limited: we do not inspect properties, verify title or guarantee that any information supplied by users is true. Verified badges mean only that we completed the checks described on the Services at the time.',
        'The Services may be interrupted for maintenance, updates or reasons outside our control, and features may change. Actions you take while offline are sent when your device reconnects; until then they have not reached us.',
      ],
    },
    {
      title: 'Contact Policies',
      blocks: [
        "Hosts' contact details are shown free of charge to registered users for live listings, so that Guests can enquire about a property. You may use them only to discuss that property.",
        'We may send you service messages (verification codes, password resets, notices about your account or listings) by e-mail or SMS. Messages you send us through the support and contact forms are answered within the times shown on those pages and kept as set out in our Privacy Policy.',
      ],
    },
    {
      title: 'Intellectual Property',
      blocks: [
        'The Services, including their design, software, text and the Efie name and logo, belong to Efie or its licensors and are protected by law. We grant you a limited, personal, non-exclusive, non-transferable licence to use the Services for their intended purpose.',
        'You keep ownership of the content you post. You grant Efie a worldwide, non-exclusive, royalty-free licence to host, store, reproduce, adapt (for example resize photos) and display it for operating and promoting the Services, for as long as it is on the Services. You confirm that you have the rights needed to grant this licence. To report content that infringes your rights, write to legal@efie.app.',
        'Some data the Services show is made by others and used under their licences: Towns of Ghana: GeoNames (geonames.org), CC BY 4.0.',
      ],
    },
    {
      title: 'Privacy',
      blocks: [
        "Our Privacy Policy explains how we collect, use and protect personal information, including your rights under Ghana's Data Protection Act, 2012 (Act 843), California law and the GDPR. It forms part of these Terms.",
      ],
    },
    {
      title: 'Disclaimers and Limitation of Liability',
      blocks: [
        'The Services are provided "as is" and "as available". To the fullest extent the law allows, Efie disclaims all warranties, express or implied, including of merchantability, fitness for a particular purpose, title and non-infringement, and does not warrant that the Services will be uninterrupted or error-free.',
        'Efie is not responsible for the acts or omissions of users or service providers, for the condition, legality or availability of any property, or for any agreement or payment between users.',
        "To the fullest extent the law allows, Efie will not be liable for any indirect, incidental, special, consequential or punitive damages, or for loss of profits, data or goodwill. Efie's total liability for any claim arising from the Services is limited to the amounts you paid Efie in the 12 months before the event giving rise to the claim. Nothing in these Terms limits liability that cannot be limited by law, such as for fraud or for death or personal injury caused by negligence, or your rights as a consumer under mandatory law.",
      ],
    },
    {
      title: 'Indemnification',
      blocks: [
        "You agree to indemnify and hold harmless Efie and its officers, employees and agents from claims, losses and costs (including reasonable legal fees) that arise from your content, your listings, your dealings with other users, or your breach of these Terms or of the law, except to the extent caused by Efie's own fault.",
      ],
    },
    {
      title: 'Governing Law and Arbitration',
      blocks: [
        'These Terms are governed by the laws of the State of California, United States, without regard to its conflict-of-laws rules, except where the mandatory law of the country where you live gives you more protection.',
        'Any dispute arising from these Terms or the Services will first be discussed informally: write to legal@efie.app and we will try to resolve it within 60 days. If it is not resolved, it will be settled by binding individual arbitration administered by the American Arbitration Association under its applicable rules, seated in Los Angeles County, California; you may take part by video or telephone. Either party may instead bring an individual claim in a small-claims court. Claims must be brought individually, not as a plaintiff or class member in a class or representative proceeding.',
        'You may opt out of this agreement to arbitrate by writing to legal@efie.app within 30 days of first accepting these Terms.',
      ],
    },
    {
      title: 'Termination',
      blocks: [
        'You may stop using the Services and ask us to delete your account at any time. We may suspend or terminate your account, or remove content, if you breach these Terms, if required by law, or to protect users from harm, and we will tell you why unless the law or safety prevents it.',
        'Sections that by their nature should survive termination, including those on intellectual property, disclaimers, limitation of liability, indemnification and governing law, survive it.',
      ],
    },
    {
      title: 'Force Majeure',
      blocks: [
        'Efie is not responsible for any failure or delay caused by events beyond its reasonable control, including natural disasters, floods, epidemics, war, civil unrest, government action, power or internet outages, and failures of third-party networks or hosting providers.',
      ],
    },
    {
      title: 'Modifications to Terms',
      blocks: [
        'We may change these Terms when our Services or the law change. The date at the top shows the latest version. We will give you reasonable notice of material changes, by e-mail or in the app, before they take effect; if you keep using the Services after that, you accept the new Terms. If you do not agree, stop using the Services and close your account.',
      ],
    },
    {
      title: 'Severability',
      blocks: [
        'If a court or arbitrator finds any part of these Terms invalid or unenforceable, that part will be enforced to the fullest extent possible and the rest of the Terms will remain in full force.',
      ],
    },
    {
      title: 'Entire Agreement',
      blocks: [
        'These Terms and the Privacy Policy are the entire agreement between you and Efie about the Services and replace any earlier agreement on the subject. Our failure to enforce a right is not a waiver of it. You may not transfer your rights under these Terms without our consent; we may transfer ours to a successor.',
      ],
    },
    {
      title: 'Contact Information',
      blocks: [
        'Questions about these Terms: legal@efie.app. Support: support@efie.app (we reply within 24 hours). General enquiries: info@efie.app, or our contact page.',
      ],
    },
    {
      title: 'Additional Provisions',
      blocks: [
        'Headings are for convenience only. The words "including" and "for example" do not limit what comes before them. If these Terms are translated, the English version prevails to the extent the law allows.',
        'Optional paid features (such as a listing subscription) are described, with their price, before you choose them; paying for them never makes Efie a party to any tenancy. Where mandatory consumer law in Ghana, Jamaica, the Dominican Republic or elsewhere gives you rights that these Terms cannot exclude, those rights apply.',
      ],
    },
  ],
};

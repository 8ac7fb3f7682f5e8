// Subscription plans are held only in the client (spec part 2 §3, §9).
export const PLANS = [
  {
    id: 'basic',
    name: 'Basic Monthly',
    price: 19.99,
    features: ['Unlimited properties', 'Up to 10 photos each'],
    popular: false,
  },
  {
    id: 'premium',
    name: 'Premium Monthly',
    price: 39.99,
    features: ['Unlimited properties', 'Up to 25 photos each'],
    popular: true,
  },
  {
    id: 'featured',
    name: 'Featured Monthly',
    price: 59.99,
    features: ['Unlimited properties', 'Unlimited photos'],
    popular: false,
  },
] as const;

export type PlanId = (typeof PLANS)[number]['id'];

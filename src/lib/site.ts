/** Facts about the shop that pages, structured data and the footer share. */
export const SITE = {
  name: 'Saffron & Stone',
  tagline: 'Premium spices, herbs and blends, traced to the farms that grow them.',
  email: 'hello@saffronandstone.com',
  careersEmail: 'careers@saffronandstone.com',
  phone: '+1 (415) 555-0147',
  address: {
    street: '214 Spice Mill Lane',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94107',
    country: 'United States',
  },
  /** Where the postal address is, for the contact page's map. */
  geo: { latitude: 37.7606, longitude: -122.3884 },
} as const;

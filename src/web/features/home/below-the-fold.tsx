import { useEffect } from 'react';
import { ContactForm } from './contact-form.tsx';
import { MessageGuide } from './message-guide.tsx';
import { Portfolio } from './portfolio.tsx';
import { Pricing } from './pricing.tsx';
import { Products } from './products.tsx';

export default function BelowTheFold() {
  // Lets browser tests (and styles) tell when the lower sections have come alive.
  useEffect(() => {
    document.documentElement.dataset.belowFold = 'hydrated';
  }, []);
  return (
    <>
      <MessageGuide />
      <Products />
      <Pricing />
      <Portfolio />
      <ContactForm />
    </>
  );
}

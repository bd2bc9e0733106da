import { ContactForm } from './contact-form.tsx';
import { MessageGuide } from './message-guide.tsx';
import { Portfolio } from './portfolio.tsx';
import { Pricing } from './pricing.tsx';
import { Products } from './products.tsx';

export default function BelowTheFold() {
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

// Chooses the page template: by page kind, for fixed routes by the route's template, for detail
// pages by the item's content type (inside DetailPage).
import { usePage } from '../site-context';
import { BasicPage } from './BasicPage';
import { DetailPage } from './DetailPage';
import { FaqPage } from './FaqPage';
import { Home } from './Home';
import { ListPage } from './ListPage';
import { MenuPage } from './MenuPage';
import { NewsletterPage } from './NewsletterPage';
import { NotFoundPage } from './NotFoundPage';
import { PaymentSuccessPage } from './PaymentSuccessPage';
import { StorkCameraPage } from './StorkCameraPage';
import { VouchersPage } from './VouchersPage';

export function PageBody() {
  const page = usePage();
  switch (page.kind) {
    case 'not-found':
      return <NotFoundPage />;
    case 'detail':
      return page.item ? <DetailPage item={page.item} /> : <NotFoundPage />;
    case 'home':
      return <Home />;
    case 'menu':
      return <MenuPage />;
    case 'list':
    case 'page':
      switch (page.route?.template) {
        case 'Home':
          return <Home />;
        case 'List':
          return <ListPage />;
        case 'Faq':
          return <FaqPage />;
        case 'Newsletter':
          return <NewsletterPage />;
        case 'StorkCamera':
          return <StorkCameraPage />;
        case 'Vouchers':
          return <VouchersPage />;
        case 'PaymentSuccess':
          return <PaymentSuccessPage />;
        default:
          return <BasicPage />;
      }
  }
}

// Every page template at mobile width: hydration, link text and axe (page-sweep.ts).
import { sweepPages } from './page-sweep';

sweepPages('mobile');

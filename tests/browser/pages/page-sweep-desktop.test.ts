// Every page template at desktop width: hydration, link text and axe (page-sweep.ts).
import { sweepPages } from './page-sweep';

sweepPages('desktop');

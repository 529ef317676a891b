/**
 * Keeps the URL (`?year=&month=`) and the availability machine in step without loops (docs/decisions/050):
 *  - the machine moved (`monthChanged`): push the month into the URL, unless the URL already shows it;
 *  - the URL changed: tell the machine (`goToMonth`), unless the change is the echo of our own navigation.
 * With two quick clicks the URL may pass through the first month after the machine is already at the second:
 * every echo up to the last navigation asked is passed over, so the machine never bounces back.
 */
import type { YearMonth } from '../../../machines/availability.types.ts';

const key = ({ year, month }: YearMonth) => `${year}-${month}`;

export class MonthUrlSync {
  private awaiting: string | null = null;

  constructor(
    private url: YearMonth,
    private navigate: (month: YearMonth) => void,
  ) {}

  /** The latest navigation function (the router's may change identity between renders). */
  setNavigate(navigate: (month: YearMonth) => void): void {
    this.navigate = navigate;
  }

  /** The machine now shows `month`. */
  machineMoved(month: YearMonth): void {
    if (key(month) === key(this.url)) return;
    this.awaiting = key(month);
    this.navigate(month);
  }

  /** The URL now asks for `month`: true when the machine should go there. */
  urlChanged(month: YearMonth): boolean {
    this.url = month;
    if (this.awaiting === null) return true;
    if (this.awaiting === key(month)) this.awaiting = null;
    return false;
  }

  /** A jump asked by the worker (the "go to" form): like a link, through the URL. */
  goTo(month: YearMonth): void {
    this.navigate(month);
  }
}

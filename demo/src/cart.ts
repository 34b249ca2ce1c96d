import { formatPrice } from './format';

export interface Item {
  name: string;
  price: number;
  quantity: number;
}

export class Cart {
  private items: Item[] = [];

  add(item: Item): void {
    this.items.push(item);
  }

  total(): number {
    let sum = 0;
    for (const item of this.items) {
      sum += item.price * item.quantity;
    }
    return sum;
  }

  summary(): string {
    return `${this.items.length} items, ${formatPrice(this.total())}`;
  }
}

import { Cart } from './cart';

const cart = new Cart();
cart.add({ name: 'Tea', price: 4.5, quantity: 2 });
cart.add({ name: 'Cake', price: 3, quantity: 1 });
console.log(cart.summary());

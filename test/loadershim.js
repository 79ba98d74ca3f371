global.___loader = { enqueue: () => {}, hovering: () => {} };

// A load process (child_process.fork) of doctors working the queue: pick the first order,
// approve each item, deliver (which answers with the next order), until each doctor has
// delivered `quota` orders or the `deadline` (epoch ms) has passed. Parent sends {doctors:[{headers}], prefix, baseUrl, quota, deadline, approval};
// the worker answers {delivered, picked:[ids], errors}.
process.once('message', async ({ doctors, prefix, baseUrl, quota, deadline, approval }) => {
  const picked = [];
  let errors = 0;
  let firstError = '';
  const call = async (headers, method, path, body) => {
    const res = await fetch(baseUrl + prefix + path, {
      method,
      headers: { ...headers, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 400) {
      errors++;
      firstError ||= `${method} ${path}: ${res.status} ${text.slice(0, 200)}`;
      return null;
    }
    return text ? JSON.parse(text) : null;
  };
  const work = async ({ headers }) => {
    let delivered = 0;
    let order = await call(headers, 'POST', '/order/pick-first');
    while (order && delivered < quota && Date.now() < deadline) {
      picked.push(order.id);
      for (const item of order.prescriptions) {
        if (item.decision === 'undecided') await call(headers, 'POST', `/order/process-item/${item.id}`, approval);
      }
      order = await call(headers, 'POST', '/order/mark-delivered');
      delivered++;
    }
    return delivered;
  };
  const counts = await Promise.all(doctors.map(work));
  process.send({ delivered: counts.reduce((a, b) => a + b, 0), picked, errors, firstError });
});

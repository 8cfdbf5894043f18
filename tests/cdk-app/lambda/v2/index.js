exports.handler = async () => ({ statusCode: 200, body: JSON.stringify({ version: 2 }) });

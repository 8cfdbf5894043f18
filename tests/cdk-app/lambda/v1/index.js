exports.handler = async () => ({ statusCode: 200, body: 'v1' });

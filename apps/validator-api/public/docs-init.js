// Starts Swagger UI on the service's own OpenAPI document (served locally: no CDN).
window.SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui' });

// Starts Swagger UI on the service's own OpenAPI document (served locally: no CDN).
window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });

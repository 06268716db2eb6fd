# The two commands of the README: `make up` (run the product) and `make test` (run every test).
# The work is done by the scripts in infra/; the list of backend services is in infra/lib.sh (APP_SERVICES).
SHELL := /bin/bash
.DEFAULT_GOAL := help
.PHONY: help up down test check build logs services status deps images compose-test

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-12s %s\n", $$1, $$2 }'

up: ## install, build, migrate and start everything; prints the URLs
	@bash infra/up.sh

down: ## stop what `make up` started (the local servers stay up)
	@bash infra/down.sh

# One file or pattern: make test T=services/identity/src/foo.spec.ts (skips the type-check and the lint)
test: ## start the local servers if needed, install deps, Chromium and the WebDAV tools if missing, type-check, lint, run every test (T=<path>: one jest file)
	@bash infra/services.sh
	@bash infra/browser.sh
	@bash infra/dav-tools.sh
	@bash -c 'source infra/lib.sh && require_node && ensure_deps'
	$(if $(T),npx jest $(T),npm test)

check: deps ## type-check every package with its tests, and lint (the first step of make test; no servers needed)
	npm run check

build: deps ## compile every package (tsc -b)
	npm run build

deps: ## install node_modules when missing or older than package-lock.json
	@bash -c 'source infra/lib.sh && require_node && ensure_deps'

services: ## start PostgreSQL, Redis and NATS (JetStream) when they are not running
	@bash infra/services.sh

logs: ## follow the logs of the running processes
	@ls .run/logs/*.log >/dev/null 2>&1 || { echo "no logs yet: run make up"; exit 1; }
	tail -n 50 -F .run/logs/*.log

status: ## each process of `make up`: its state, pid, uptime and restarts (pm2)
	@bash -c 'source infra/lib.sh; supervisor status'

images: ## the container engine (docker.io) and every image of docker-compose.local.yml, made locally (infra/images.sh)
	@bash infra/images.sh

compose-test: ## docker-compose.yml in real containers: images, up --wait, smoke, 2 tickets copies, a kill under load, down -v (4 min idle; not in make test)
	@bash infra/compose-test.sh

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { Injectable } from '@nestjs/common';
import { PrismaClient } from '@prisma/client';
import { Pool } from 'pg';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';

export const io = [readFileSync, createServer, connect, Injectable, PrismaClient, Pool, Redis, WebSocket];

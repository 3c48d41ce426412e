export {
  api,
  request,
  configureApi,
  getApiConfig,
  resetApiConfig,
  buildQuery,
  buildUrl,
  refreshAccessToken,
  isRefreshing,
  type Api,
  type ApiConfig,
  type HttpMethod,
  type Parser,
  type QueryParams,
  type QueryValue,
  type RequestOptions,
} from './client';
export { uploadToSignedUrl, uploadFailedMessage, UPLOAD_FAILED, type UploadOptions, type UploadProgress } from './upload';
